// Gold readers: each format into texts with spans (checked against the text) or questions; bad input names the file and line.
import { describe, expect, it } from 'vitest';
import { detectFormat, joinTokens, parseGold, readQuestionLines } from '../../electron/core/eval/gold';
import { scoreQa, quoteInPassage, answerCorrect } from '../../electron/core/eval/qa';

describe('gold readers', () => {
  it('joins tokens into text with exact spans', () => {
    const { text, spans } = joinTokens(['KB', '-', 'based', 'constraint', '(', 'see', 'Section', '4.3', ')', '.']);
    expect(text).toBe('KB-based constraint (see Section 4.3).');
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['KB', '-', 'based', 'constraint', '(', 'see', 'Section', '4.3', ')', '.']);
  });

  it('WebNLG JSON: one item per good text, labels without underscores', () => {
    const line = JSON.stringify({
      eid: 'Id1',
      source_file: '1triples/A.xml',
      triples: ['Aarhus | leaderName | Jacob_Bundsgaard', 'Aarhus | population | "330000"^^xsd:integer'],
      lexicalizations: [
        { lid: 'Id1', comment: 'good', text: 'The leader of Aarhus is Jacob Bundsgaard.' },
        { lid: 'Id2', comment: 'bad', text: 'nonsense' },
      ],
    });
    const g = parseGold(line, '/x/w.jsonl');
    expect(g.format).toBe('webnlg-json');
    expect(g.items).toHaveLength(1);
    expect(g.items[0].triples[0]).toMatchObject({ subject: { text: 'Aarhus' }, relation: 'leaderName', object: { text: 'Jacob Bundsgaard' } });
    expect(g.items[0].triples[1].object.text).toBe('330000');
  });

  it('WebNLG XML', () => {
    const xml = `<?xml version="1.0"?><benchmark><entries><entry category="Airport" eid="Id3" size="1">
      <modifiedtripleset><mtriple>Agra_Airport | location | Agra</mtriple></modifiedtripleset>
      <lex comment="good" lid="Id1">Agra Airport is in Agra &amp; nearby.</lex></entry></entries></benchmark>`;
    const g = parseGold(xml, '/x/a.xml');
    expect(g.format).toBe('webnlg-xml');
    expect(g.items[0]).toMatchObject({ key: 'Airport#Id3/1', text: 'Agra Airport is in Agra & nearby.' });
    expect(g.items[0].triples[0].subject.text).toBe('Agra Airport');
  });

  it('SciERC: document-level inclusive token offsets become char spans', () => {
    const doc = {
      doc_key: 'D1',
      sentences: [
        ['We', 'use', 'optical', 'flow', '.'],
        ['It', 'estimates', 'motion', '.'],
      ],
      ner: [[[2, 3, 'Method']], [[7, 7, 'Task']]],
      relations: [[], [[2, 3, 7, 7, 'USED-FOR']]],
    };
    const g = parseGold(JSON.stringify(doc), '/x/dev.json');
    expect(g.format).toBe('scierc');
    const it0 = g.items[0];
    expect(it0.text).toBe('We use optical flow. It estimates motion.');
    expect(it0.mentions.map((m) => [m.text, m.type, it0.text.slice(m.start!, m.end!)])).toEqual([
      ['optical flow', 'Method', 'optical flow'],
      ['motion', 'Task', 'motion'],
    ]);
    expect(it0.triples[0]).toMatchObject({ subject: { text: 'optical flow' }, relation: 'USED-FOR', object: { text: 'motion' } });
  });

  it('CoNLL BIO columns: blocks, a file-name first line as key, B/I spans', () => {
    const conll = [
      '-DOCSTART- -X- O',
      'paper1.txt -X- _ O',
      'MNLI -X- _ B-DatasetName',
      'Multi -X- _ B-DatasetName',
      '- -X- _ I-DatasetName',
      'Genre -X- _ I-DatasetName',
      'is -X- _ O',
      'big -X- _ O',
      '',
      'BERT B-MethodName',
      'works O',
    ].join('\n');
    const g = parseGold(conll, '/x/a.conll');
    expect(g.format).toBe('conll');
    expect(g.items.map((i) => i.key)).toEqual(['paper1.txt', 'block2']);
    expect(g.items[0].text).toBe('MNLI Multi-Genre is big');
    expect(g.items[0].mentions.map((m) => [m.text, m.type])).toEqual([
      ['MNLI', 'DatasetName'],
      ['Multi-Genre', 'DatasetName'],
    ]);
    expect(g.items[1].mentions).toEqual([{ text: 'BERT', type: 'MethodName', start: 0, end: 4 }]);
  });

  it('token tables: a row of tokens, then its row of tags', () => {
    const t = ['Datasets:', '', '[ "We", "train", "BERT", "on", "SQuAD", "." ]', '', '[ "O", "O", "B-MethodName", "O", "B-DatasetName", "O" ]'].join('\n');
    expect(detectFormat('/x/seed.txt', t)).toBe('tokens');
    const g = parseGold(t, '/x/seed.txt');
    expect(g.items[0].text).toBe('We train BERT on SQuAD.');
    expect(g.items[0].mentions.map((m) => m.text)).toEqual(['BERT', 'SQuAD']);
  });

  it('question sets', () => {
    const q = [JSON.stringify({ id: 'd1', question: 'Which port?', answers: ['3799'], quote: 'radius-dynauth  3799/tcp', type: 'value' }), ''].join('\n');
    const g = parseGold(q, '/x/q.jsonl');
    expect(g).toMatchObject({
      format: 'questions',
      kind: 'qa',
      questions: [{ key: 'd1', answers: ['3799'], quotes: ['radius-dynauth  3799/tcp'], type: 'value' }],
    });
  });

  it('one question reader: off-topic lines (no answers), file and line kept; answers optional for ask and retrieve, text lines too', () => {
    const lines = [
      JSON.stringify({ id: 'a', question: 'Which port?', answers: ['3799'], file: 'rfc5176.txt', type: 'value' }),
      '',
      JSON.stringify({ id: 'o1', question: 'What is the currency of Japan?', answers: [], type: 'off-topic' }),
      '',
    ];
    const read = readQuestionLines(lines, '/x/q.jsonl');
    expect(read).toEqual([
      { key: 'a', question: 'Which port?', answers: ['3799'], quotes: [], type: 'value', file: 'rfc5176.txt', offTopic: false, line: 1 },
      { key: 'o1', question: 'What is the currency of Japan?', answers: [], quotes: [], type: 'off-topic', file: null, offTopic: true, line: 3 },
    ]);
    // eval qa's gold reads the same set (off-topic included), in its stored shape
    expect(parseGold(lines.join('\n'), '/x/q.jsonl').questions.map((q) => [q.key, q.answers])).toEqual([
      ['a', ['3799']],
      ['o1', []],
    ]);
    // ask and retrieve: the answers are optional and a text line (a TSV line's first column) is a question;
    // a blank line between questions is an empty one, trailing blank lines are none
    const loose = readQuestionLines(['{"question": "who directed Big"}', 'who wrote Big\tNora', '', '{"question": "x", "id": 7}', '', ''], '/x/a.txt', {
      answers: 'optional',
      textLines: true,
    });
    expect(loose.map((q) => [q.key, q.question, q.line])).toEqual([
      ['q1', 'who directed Big', 1],
      ['q2', 'who wrote Big', 2],
      ['q3', '', 3],
      ['7', 'x', 4],
    ]);
  });

  it('a bad question line names the file and the line, whichever command reads it', () => {
    expect(() => readQuestionLines(['{"question": "x", "answers": ["y"]}', '{"question": 3}'], '/x/q.jsonl')).toThrow(
      /\/x\/q\.jsonl: line 2: each line needs a "question" string/,
    );
    expect(() => readQuestionLines(['{"question": "x", "answers": ["y"]}', '{"question": "z"}'], '/x/q.jsonl')).toThrow(
      /\/x\/q\.jsonl: line 2: each line needs "answers".*"off-topic"/,
    );
    expect(() => readQuestionLines(['{"question": "x", "answers": ["y"], "type": "off-topic"}'], '/x/q.jsonl')).toThrow(
      /\/x\/q\.jsonl: line 1: a question of type "off-topic" has no answers/,
    );
    expect(() => readQuestionLines(['{"question": "x", "answers": "y"}'], '/x/q.jsonl')).toThrow(/line 1: "answers" must be a list/);
    expect(() => readQuestionLines(['who wrote Big', '{"question": '], '/x/a.txt', { answers: 'optional', textLines: true })).toThrow(
      /\/x\/a\.txt: line 2: not JSON/,
    );
    expect(() => readQuestionLines(['', ''], '/x/e.jsonl')).toThrow(/\/x\/e\.jsonl: no questions/);
  });

  it('bad input names the file, the line and the problem', () => {
    expect(() => parseGold('{"question": "x"}\n{"question": "y", "answers": []}', '/x/q.jsonl')).toThrow(/\/x\/q\.jsonl: line 1: each line needs "answers"/);
    expect(() => parseGold('{"lexicalizations": [], "triples": ["a | b"]}', '/x/w.jsonl')).toThrow(/\/x\/w\.jsonl: entry line1, triple 1: a triple must be/);
    expect(() => parseGold('tok B-X\ntok2 Q-X', '/x/a.conll')).toThrow(/\/x\/a\.conll: line 2: tag "Q-X"/);
    expect(() => parseGold('hello world', '/x/plain.txt')).toThrow(/\/x\/plain\.txt: unknown gold format/);
    expect(() => parseGold('{"sentences": [["a"]], "ner": [[[0, 3, "X"]]]}', '/x/s.json')).toThrow(/line 1: an entity token offsets \[0, 3\] outside/);
  });
});

describe('QA scoring', () => {
  const questions = [
    { key: 'q1', question: 'Which port?', answers: ['3799'], quotes: ['radius-dynauth   3799/tcp'], type: 'value' },
    { key: 'q2', question: 'What MUST accompany TCP?', answers: ['TLS'], quotes: ['MUST NOT be used without TLS'], type: 'normative' },
    { key: 'q3', question: 'Unknown?', answers: ['x'], quotes: [], type: 'value' },
  ];
  it('recall@k, accuracy and abstention exactly', () => {
    expect(quoteInPassage('a  b\n c', 'xx A B C yy')).toBe(true);
    expect(answerCorrect(['TLS or IPsec', 'tls'], 'Use TLS.')).toBe(true);
    const s = scoreQa(
      questions,
      [
        {
          passages: [
            { id: 1, document: 'r', text: 'nothing' },
            { id: 2, document: 'r', text: '* radius-dynauth 3799/tcp' },
          ],
          answer: 'Port 3799 [P2]',
          mode: 'extractive',
          outcome: 'found',
        },
        { passages: [{ id: 3, document: 'r', text: 'other' }], answer: 'UDP', mode: 'extractive', outcome: 'found' },
        { passages: [], answer: 'The graph holds nothing', mode: 'none', outcome: 'not_in_graph' },
      ],
      2,
    );
    expect(s.passageRecall).toMatchObject({ hits: 1, total: 2, value: 0.5 });
    expect(s.recallAtK).toEqual([
      { k: 1, value: 0 },
      { k: 2, value: 0.5 },
    ]);
    expect(s.answerAccuracy).toMatchObject({ hits: 1, total: 3 });
    expect(s.abstention).toMatchObject({ hits: 1, total: 3 });
    expect(s.errors.map((e) => [e.kind, e.item])).toEqual([
      ['passage_missed', 'q2'],
      ['wrong_answer', 'q2'],
      ['abstained', 'q3'],
    ]);
    expect(s.perType.find((t) => t.label === 'value')).toMatchObject({ questions: 2, passageRecall: 1, answerAccuracy: 0.5 });
    expect(s.offTopicRefused).toBeUndefined();
  });

  it('an off-topic question is right when refused, and counts apart from the answerable ones', () => {
    const offTopic = [
      { key: 'o1', question: 'What is the currency of Japan?', answers: [], quotes: [], type: 'off-topic' },
      { key: 'o2', question: 'Who painted the Mona Lisa?', answers: [], quotes: [], type: 'off-topic' },
    ];
    const refused = { passages: [], answer: 'The graph holds nothing', mode: 'none', outcome: 'not_in_graph' };
    const answered = { passages: [{ id: 1, document: 'r', text: 'yen' }], answer: 'Yen', mode: 'extractive', outcome: 'found' };
    const s = scoreQa([questions[0], ...offTopic], [{ ...answered, answer: 'Port 3799' }, refused, answered], 5);
    expect(s.answerAccuracy).toMatchObject({ hits: 1, total: 1 });
    expect(s.abstention).toMatchObject({ hits: 0, total: 1 });
    expect(s.offTopicRefused).toMatchObject({ hits: 1, total: 2, value: 0.5 });
    expect(s.errors.map((e) => [e.kind, e.item])).toEqual([
      ['passage_missed', 'q1'],
      ['wrong_answer', 'o2'],
    ]);
    expect(s.perType.find((t) => t.label === 'off-topic')).toMatchObject({ questions: 2, answerAccuracy: 0.5 });
  });
});
