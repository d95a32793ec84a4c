// Korean prompts: for Korean documents, names and relations are kept in the document's words
// (technical terms often stay in English inside Korean text). Stage 3's relation labels stay the
// fixed English set. The layout is the English prompts' (types.ts); the worked example is the same
// invented protocol clause, in Korean.
import { EVENT_RELATIONS, wordsOf } from '../answer-schemas';
import { UNKNOWN_TYPE } from '../../concepts/types';
import { answerFormat, numberedEvents, passageBlock, renderExample } from './format';
import type { PromptSetup, StagePrompts, WorkedExample } from './types';

const EXAMPLE_KO: WorkedExample = {
  context: ['Example Transfer Protocol', '4.2. Keepalive'],
  passage: [
    '클라이언트는 10초마다 Keepalive 메시지를 보내야 한다(MUST). 클라이언트는 핸드셰이크가 끝나기 전에 데이터를 보내서는',
    '안 된다(MUST NOT). 서버가 30초 안에 응답하지 않으면 클라이언트는 연결을 닫아야 한다(SHALL). "연결"이란 클라이언트 하나와',
    '서버 하나 사이의 결합을 말한다(2.1절 참조). 유휴 시간 제한은 300초이다.',
  ].join('\n'),
  facts: [
    { head: '클라이언트', relation: '보내야 한다(MUST)', tail: 'Keepalive 메시지' },
    { head: 'Keepalive 메시지', relation: '주기', tail: '10초' },
    { head: '클라이언트', relation: '보내서는 안 된다(MUST NOT)', tail: '데이터', condition: '핸드셰이크가 끝나기 전' },
    { head: '클라이언트', relation: '닫아야 한다(SHALL)', tail: '연결', condition: '서버가 30초 안에 응답하지 않으면' },
    { head: '연결', relation: '정의', tail: '클라이언트 하나와 서버 하나 사이의 결합' },
    { head: '연결', relation: '설명된 곳', tail: '2.1절' },
    { head: '유휴 시간 제한', relation: '값', tail: '300초' },
  ],
  events: [
    {
      event: '클라이언트가 Keepalive 메시지를 보낸다',
      entities: [
        ['클라이언트', '수행 주체'],
        ['Keepalive 메시지', '대상'],
      ],
    },
    { event: '서버가 30초 안에 응답하지 않는다', entities: [['서버', '수행 주체']] },
    {
      event: '클라이언트가 연결을 닫는다',
      entities: [
        ['클라이언트', '수행 주체'],
        ['연결', '대상'],
      ],
    },
  ],
  relations: [[3, 'if', 2]],
};

const quoted = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(', ');

function typesParagraph(setup: PromptSetup): string[] {
  const out: string[] = [];
  if (setup.entityTypes?.length) {
    out.push(
      `개체 유형 (각 개체에 이 중 하나를, 맞는 것이 없으면 "${UNKNOWN_TYPE}"를 쓰십시오):`,
      ...setup.entityTypes.map(
        (t) => `- ${t.name}${t.description ? `: ${t.description}` : ''}${t.examples.length ? ` (예: ${t.examples.slice(0, 3).join(', ')})` : ''}`,
      ),
    );
  }
  if (setup.relationTypes?.length) {
    out.push(
      '관계 유형: 사실이 이 중 하나이면 그 이름을 관계로 쓰고, 본문에 요구 수준이나 부정이 있으면 함께 쓰십시오("MUST NOT <이름>"):',
      ...setup.relationTypes.map((t) => {
        const ends = t.headTypes.length || t.tailTypes.length ? ` (${t.headTypes.join(' 또는 ') || '모두'} → ${t.tailTypes.join(' 또는 ') || '모두'})` : '';
        return `- ${t.name}${ends}${t.description ? `: ${t.description}` : ''}`;
      }),
    );
  }
  return out;
}

export const ko: StagePrompts = {
  system: (setup) => {
    const l = setup.limits;
    const ex = EXAMPLE_KO;
    return [
      '당신은 기술 문서와 표준의 본문을 지식 그래프의 사실로 바꿉니다. 같은 본문에 대해 세 단계를 차례로 묻습니다.',
      `각 단계는 주어진 형식의 JSON으로만, 한 줄로 답하십시오. 본문에 해당하는 것이 없으면 ${setup.compact ? '[]' : '빈 목록'}으로 답하십시오.`,
      '규칙:',
      '- 본문에 있는 내용만 씁니다. 이름은 본문에 쓰인 그대로(영어 용어는 영어 그대로) 쓰고, 본문이 이름을 밝히는 곳에 "그것", "이 값" 같은 대명사나 모호한 표현을 쓰지 않습니다.',
      '- 요구 수준(MUST, MUST NOT, SHALL, SHOULD, MAY, ...)과 부정은 관계에 그대로 남깁니다. "X는 Y를 해서는 안 된다"를 "X는 Y를 한다"로 바꾸지 마십시오.',
      '- 조건("~이면", "~할 때", "~하기 전")은 사실의 조건이며, 개체에 넣지 않습니다.',
      '- 값은 숫자와 단위를 그대로 씁니다("64옥텟 이상", "30초"). 정의는 (용어, "정의", 정의하는 글)입니다.',
      '- 참조는 그 표기를 그대로 씁니다("4.2절", "표 3", 표준의 번호).',
      `- 이름은 ${wordsOf(l.entity)}단어 이하, 관계와 역할은 1~${wordsOf(l.relation)}단어, 사건과 조건은 ${wordsOf(l.event)}단어 이하의 한 절로 씁니다.`,
      `1단계, 개체 사이의 사실: ${answerFormat('EE', setup)}. 개체란 이름이 있는 대상입니다: 시스템, 구성 요소, 메시지, 필드, 매개변수, 값, 상태, 문서의 부분, 표준, 정의된 용어.`,
      `2단계, 사건: ${answerFormat('EV', setup)}. 사건이란 일어나거나 행해지는 일로, 주어와 서술어를 갖춘 한 절입니다. 참여하는 개체마다 사건에서 개체로 읽히는 역할을 씁니다("수행 주체", "수신자", "대상").`,
      `3단계, 2단계 사건(번호) 사이의 관계: ${answerFormat('VV', setup)}. 관계는 다음 중 하나(영어 그대로): ${quoted(EVENT_RELATIONS)}. "A before B": A가 먼저. "A because B": B가 A의 원인. "A as a result B": A가 B의 원인. "A if B": B일 때만 A가 일어나거나 요구된다.`,
      ...typesParagraph(setup),
      '예시.',
      passageBlock(ex.passage, ex.context, { context: '맥락', passage: '본문' }),
      `1단계: ${renderExample('EE', ex, setup)}`,
      `2단계: ${renderExample('EV', ex, setup)}`,
      `3단계: ${renderExample('VV', ex, setup)}`,
    ].join('\n');
  },

  passage: (input, setup) => `${passageBlock(input.text, input.context, { context: '맥락', passage: '본문' })}\n${ko.ee(setup)}`,

  ee: (setup) => `1단계: 개체 사이의 사실, 중요한 것부터 최대 ${setup.limits.triples}개.`,

  ev: (setup) => `2단계: 사건 최대 ${setup.limits.events}개, 각각 참여 개체 최대 ${setup.limits.participants}개.`,

  vv: (setup, events) => `3단계: 다음 사건들 사이의 관계, 번호로 최대 ${setup.limits.eventRelations}개:\n${numberedEvents(events)}`,

  glean: (stage, setup) => {
    const what = stage === 'EE' ? '사실' : stage === 'EV' ? '사건' : '관계';
    const cap = stage === 'EE' ? setup.limits.triples : stage === 'EV' ? setup.limits.events : setup.limits.eventRelations;
    return `아직 쓰지 않은 ${what}, 최대 ${cap}개. 없으면 ${setup.compact ? '[]' : '빈 목록'}.`;
  },
};
