// Korean prompts: for Korean documents, names and relations are kept in the document's words
// (technical terms often stay in English inside Korean text). Stage 3 relation labels stay the fixed English set.
import type { PromptInput, StagePrompts } from './types';

const passage = (i: PromptInput) => `${i.context.length ? `맥락: ${i.context.join(' > ')}\n` : ''}본문:\n"""\n${i.text}\n"""`;

export const ko: StagePrompts = {
  system: [
    '당신은 기술 문서를 지식 그래프의 사실(triple)로 바꾸는 일을 합니다.',
    '요청한 형식의 JSON으로만 답하십시오.',
    '모든 이름은 본문에 쓰인 그대로 쓰십시오(영어 용어는 영어 그대로). 본문이 이름을 밝히고 있다면 "그것", "이", "해당 시스템" 같은 대명사나 모호한 표현 대신 그 이름을 쓰십시오.',
    '본문에 있는 내용만 쓰고, 모든 문자열은 짧게 쓰십시오.',
  ].join(' '),

  ee: (i) =>
    [
      '3단계 중 1단계: 개체와 개체 사이의 관계.',
      '개체란 이름이 있는 대상입니다: 시스템, 구성 요소, 프로토콜, 메시지, 표준, 기관, 사람, 장소, 수량, 정의된 용어.',
      `중요한 것부터 최대 ${i.limits.triples}개의 사실을 나열하십시오. 각 사실에는:`,
      `- "head": 첫째 개체, 본문에 쓰인 그대로 (최대 ${i.limits.entity}자);`,
      `- "relation": 한두 단어의 짧은 서술어, 예: "의 일부이다", "전송한다", "에 정의된다", "사용한다" (최대 ${i.limits.relation}자);`,
      '- "tail": 둘째 개체, 본문에 쓰인 그대로.',
      passage(i),
      '형식: {"triples":[{"head":"...","relation":"...","tail":"..."}]}',
    ].join('\n'),

  ev: (i) =>
    [
      '3단계 중 2단계: 사건과 그 사건에 참여하는 개체.',
      '사건이란 일어나거나 행해지는 일로, 주어와 서술어를 갖춘 짧은 절로 씁니다. 예: "NAS가 RADIUS 서버에 Access-Request를 보낸다".',
      `최대 ${i.limits.events}개의 사건(각 최대 ${i.limits.event}자)을 나열하고, 사건마다 참여하는 개체를 최대 ${i.limits.participants}개, 각각의 역할과 함께 쓰십시오. 역할은 사건에서 개체로 읽히는 짧은 서술어입니다. 예: "수행 주체", "수신자", "영향을 받는 대상", "일어난 장소".`,
      passage(i),
      '형식: {"events":[{"event":"...","entities":[{"entity":"...","role":"..."}]}]}',
    ].join('\n'),

  vv: (i) =>
    [
      '3단계 중 3단계: 사건 사이의 시간 관계와 인과 관계.',
      '관계는 다음 중 하나만 쓰십시오(영어 그대로): "before", "after", "at the same time", "because", "as a result".',
      '"A before B": A가 먼저 일어난다. "A because B": B가 A의 원인이다. "A as a result B": A가 B의 원인이다.',
      i.events?.length
        ? `이 본문에서 이미 찾은 사건:\n${i.events.map((e, n) => `${n + 1}. ${e}`).join('\n')}\n이 절들을 그대로 쓰고, 본문이 밝히는 경우에만 다른 사건을 더하십시오.`
        : '사건은 주어와 서술어를 갖춘 짧은 절로 쓰십시오.',
      `본문이 밝히거나 분명히 함축하는 관계를 최대 ${i.limits.eventRelations}개 나열하십시오.`,
      passage(i),
      '형식: {"relations":[{"head":"...","relation":"before","tail":"..."}]}',
    ].join('\n'),
};
