// `graphwright eval fit`: the answer model re-fitted on a user's own small question set over the films
// fixture, stored in the database's settings (where chat, ask and eval qa read it) or written to a file;
// a bad question file is an error naming the file and line, and leaves the stored model as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { cli } from '../helpers/cli';
import { tmpDir } from '../helpers/tmp';
import { fixtureCore } from '../retrieve/fixture';
import { Store } from '../../electron/core/store';
import { isAnswerModel, SETTING_ANSWER_MODEL } from '../../electron/core/chat/ranker';

const t = tmpDir('gw-eval-fit-');
const db = path.join(t.dir, 'g.db');

const QUESTIONS = [
  ['who directed Silkwood', ['Mike Nichols'], 'Silkwood'],
  ['who directed Alien', ['Ridley Scott'], 'Alien'],
  ['who wrote Alien', ["Dan O'Bannon"], 'Alien'],
  ['who directed Big', ['Penny Marshall'], 'Big'],
  ['who directed Stand by Me', ['Rob Reiner'], 'Stand by Me'],
  ['what genre is Stand by Me', ['Drama'], 'Stand by Me'],
  ['when was When Harry Met Sally released', ['1989'], 'When Harry Met Sally'],
  ['who wrote When Harry Met Sally', ['Nora Ephron'], 'When Harry Met Sally'],
  ['when was Sleepless in Seattle released', ['1993'], 'Sleepless in Seattle'],
  ['who directed the films written by Nora Ephron', ['Rob Reiner', 'Nora Ephron', 'Mike Nichols'], 'Nora Ephron'],
] as const;
const OFF_TOPIC = ['what is the boiling point of tungsten', 'how many moons does Jupiter have', 'who won the 1966 world cup'];

const lines = [
  ...QUESTIONS.map(([question, answers, file], i) => JSON.stringify({ id: `f${i}`, question, answers, file, type: 'relation' })),
  ...OFF_TOPIC.map((question, i) => JSON.stringify({ id: `o${i}`, question, answers: [], file: null, type: 'off-topic' })),
];

beforeAll(async () => {
  const { core } = fixtureCore(t.dir);
  await core.close();
});
afterAll(() => t.cleanup());

const storedModel = () => {
  const store = Store.open(db);
  try {
    return store.settings.get(SETTING_ANSWER_MODEL);
  } finally {
    store.close();
  }
};

describe('graphwright eval fit', () => {
  it('fits on a question set, stores the model in the database, and ask answers with it', () => {
    const file = path.join(t.dir, 'mine.jsonl');
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    expect(storedModel()).toBeUndefined();
    const r = cli(['eval', 'fit', '--db', db, '--questions', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json();
    expect(out).toMatchObject({ questions: 13, answerable: 10, storedIn: SETTING_ANSWER_MODEL });
    expect(out.heldOutAccuracy).toBeGreaterThanOrEqual(0);
    expect(out.heldOutAccuracy).toBeLessThanOrEqual(1);
    const model = storedModel();
    expect(isAnswerModel(model)).toBe(true);
    expect((model as { fitted: { by: string } }).fitted.by).toBe('graphwright eval fit');
    const ask = cli(['ask', '--db', db, '--question', 'who directed Silkwood', '--json']);
    expect(ask.code, ask.stderr).toBe(0);
    expect(ask.json().answers[0]).toBe('Mike Nichols');
  }, 180_000);

  it('--out writes the model to a file; a bad line names the file and line and changes nothing stored', () => {
    const out = path.join(t.dir, 'model.json');
    const file = path.join(t.dir, 'mine.jsonl');
    const r = cli(['eval', 'fit', '--db', db, '--questions', file, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(isAnswerModel(JSON.parse(fs.readFileSync(out, 'utf8')))).toBe(true);
    const before = JSON.stringify(storedModel());
    const bad = path.join(t.dir, 'bad.jsonl');
    fs.writeFileSync(bad, `${lines.slice(0, 11).join('\n')}\n{"question": "who directed Big"}\n`);
    const b = cli(['eval', 'fit', '--db', db, '--questions', bad]);
    expect(b.code).not.toBe(0);
    expect(b.stderr).toContain('bad.jsonl');
    expect(b.stderr).toContain('line 12');
    expect(JSON.stringify(storedModel())).toBe(before);
  }, 180_000);
});
