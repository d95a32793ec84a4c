// graphwright eval on the kit's dev slices: the JSON shapes, and scores pinned only as wide ranges
// (the extractors change; a broken scorer or reader falls outside them).
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { cli } from '../helpers/cli';
import { data, seed, tmpDir } from '../helpers/tmp';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';

const t = tmpDir();
afterAll(() => t.cleanup());
const db = path.join(t.dir, 'eval.db');

const prfShape = {
  tp: expect.any(Number),
  predicted: expect.any(Number),
  gold: expect.any(Number),
  precision: expect.any(Number),
  recall: expect.any(Number),
  f1: expect.any(Number),
  ci: { precision: [expect.any(Number), expect.any(Number)], recall: [expect.any(Number), expect.any(Number)], f1: [expect.any(Number), expect.any(Number)] },
};

function evalExtraction(gold: string, extra: string[] = []) {
  const r = cli(['eval', 'extraction', '--db', db, '--gold', gold, '--json', ...extra]);
  expect(r.stderr).not.toMatch(/Error|error:/);
  expect(r.code).toBe(0);
  return r.json();
}

describe('graphwright eval extraction on the dev slices', () => {
  it('WebNLG: triples, pairs and mentions by label; the JSON shape', () => {
    const out = evalExtraction(data('webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl'), ['--limit', '150', '--errors', '5']);
    expect(out).toMatchObject({
      run: expect.any(Number),
      state: 'done',
      gold: { name: 'webnlg_v1.6_en_dev_every4th.jsonl', items: 150 },
      settings: { engine: 'classic', model: null, promptVersion: 'classic', mentionMode: 'head', limit: 150 },
      predictions: 150,
      scores: { kind: 'extraction', items: 150, triples: prfShape, pairs: prfShape, mentions: { exact: prfShape, head: prfShape, overlap: prfShape } },
    });
    const s = out.scores;
    expect(s.errors).toHaveLength(5);
    expect(s.moreErrors).toBeGreaterThan(0);
    expect(s.pairs.f1).toBeGreaterThan(0.05);
    expect(s.pairs.f1).toBeLessThan(0.9);
    expect(s.mentions.overlap.f1).toBeGreaterThan(0.2);
    expect(s.mentions.overlap.f1).toBeLessThan(0.98);
    expect(s.mentions.exact.f1).toBeLessThanOrEqual(s.mentions.head.f1);
    expect(s.mentions.head.f1).toBeLessThanOrEqual(s.mentions.overlap.f1);
    expect(s.triples.f1).toBeLessThan(0.9);
    expect(s.triples.tp).toBeLessThanOrEqual(s.pairs.tp);
    // the curve: thresholds descending, predictions growing, recall never falling
    for (let i = 1; i < s.pr.length; i++) {
      expect(s.pr[i].threshold).toBeLessThan(s.pr[i - 1].threshold);
      expect(s.pr[i].recall).toBeGreaterThanOrEqual(s.pr[i - 1].recall);
    }
    expect(s.pr.at(-1).predicted).toBe(s.triples.predicted);
    expect(s.perRelation.length).toBeGreaterThan(10);
  });

  it('SciERC: span mentions with types, relations', () => {
    const s = evalExtraction(data('scierc', 'dev.json'), ['--errors', '0']).scores;
    expect(s.items).toBe(50);
    expect(s.mentions.overlap.gold).toBe(811);
    expect(s.triples.gold).toBe(455);
    expect(s.mentions.overlap.f1).toBeGreaterThan(0.05);
    expect(s.mentions.overlap.f1).toBeLessThan(0.9);
    expect(s.perType.map((x: { label: string }) => x.label).sort()).toEqual(['Generic', 'Material', 'Method', 'Metric', 'OtherScientificTerm', 'Task']);
    expect(s.typedMentions).toMatchObject(prfShape);
  });

  it('sci-ner-anlp CoNLL and the seed-003 token table: BIO mentions per type', () => {
    const conll = evalExtraction(data('sci-ner-anlp', 'annotated_5_papers.conll'), ['--mention', 'overlap', '--errors', '0']).scores;
    expect(conll.items).toBe(5);
    expect(conll.mentions.overlap.gold).toBe(535);
    expect(conll.mentions.overlap.recall).toBeGreaterThan(0.02);
    expect(conll.mentions.overlap.f1).toBeLessThan(0.9);
    expect(conll.perType.find((x: { label: string }) => x.label === 'MethodName')).toMatchObject({ gold: 232 });
    const tokens = evalExtraction(seed('003_e7e589e032ae6219.txt'), ['--errors', '0']).scores;
    expect(tokens.items).toBeGreaterThan(50);
    expect(tokens.mentions.overlap.gold).toBe(65);
    expect(tokens.mentions.overlap.f1).toBeGreaterThan(0);
    expect(tokens.mentions.overlap.f1).toBeLessThan(0.9);
  });

  it('bad arguments and bad gold name the argument or the file', () => {
    const missing = cli(['eval', 'extraction', '--db', db, '--gold', path.join(t.dir, 'nope.jsonl'), '--json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.jsonl');
    const bad = path.join(t.dir, 'bad.jsonl');
    fs.writeFileSync(bad, '{"question": "x", "answers": ["y"]}\n{"question": 3}\n');
    const r = cli(['eval', 'qa', '--db', db, '--questions', bad, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.jsonl: line 2: each line needs a "question" string/);
    const mode = cli(['eval', 'extraction', '--db', db, '--gold', bad, '--mention', 'fuzzy']);
    expect(mode.code).toBe(2);
    expect(mode.stderr).toContain('--mention must be one of exact, head, overlap');
  });
});

describe('graphwright eval qa on rfc-qa, report, runs, precision', () => {
  it('passage recall, accuracy and abstention over two ingested RFCs', () => {
    const qdb = path.join(t.dir, 'qa.db');
    const files = ['rfc6613.txt', 'rfc2867.txt'];
    expect(cli(['ingest', ...files.map((f) => data('rfc-radius-eap', f)), '--db', qdb, '--json']).code).toBe(0);
    expect(cli(['extract', '--db', qdb, '--json']).code).toBe(0);
    const questions = fs
      .readFileSync(data('rfc-qa', 'questions.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .filter((l) => {
        const o = JSON.parse(l);
        return (o.files ?? [o.file]).every((f: string) => files.includes(f));
      });
    const qfile = path.join(t.dir, 'q.jsonl');
    // an off-topic question (no answers) is read by the same reader as eval fit's, and scored apart
    const offTopic = JSON.stringify({ id: 'off1', question: 'What is the currency of Japan?', answers: [], type: 'off-topic' });
    fs.writeFileSync(qfile, `${[...questions, offTopic].join('\n')}\n`);
    const r = cli(['eval', 'qa', '--db', qdb, '--questions', qfile, '--k', '5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json();
    expect(out).toMatchObject({
      state: 'done',
      settings: { engine: 'classic', k: 5, chunker: 'database chunks' },
      scores: { kind: 'qa', questions: questions.length + 1, k: 5 },
    });
    const s = out.scores;
    expect(s.answerAccuracy.total).toBe(questions.length);
    expect(s.offTopicRefused).toMatchObject({ hits: 1, total: 1 });
    expect(s.passageRecall.total).toBe(questions.length);
    expect(s.passageRecall.value).toBeGreaterThan(0.1);
    expect(s.passageRecall.value).toBeLessThanOrEqual(1);
    expect(s.answerAccuracy.value).toBeGreaterThanOrEqual(0);
    expect(s.answerAccuracy.value).toBeLessThanOrEqual(1);
    expect(s.recallAtK.map((x: { k: number }) => x.k)).toEqual([1, 2, 3, 4, 5]);
    expect(s.recallAtK.at(-1).value).toBe(s.passageRecall.value);

    const html = path.join(t.dir, 'qa.html');
    const rep = cli(['eval', 'report', String(out.run), '--db', qdb, '--out', html]);
    expect(rep.code).toBe(0);
    const page = fs.readFileSync(html, 'utf8');
    expect(page).toContain('<svg');
    expect(page).toContain('passage recall@5');
    expect(page).not.toMatch(/<script|https?:\/\/[^"]*\.(js|css)/);
  }, 240_000);

  it('report of an extraction run with a second run beside it; runs and precision lists', () => {
    const runs = cli(['eval', 'runs', '--db', db, '--json']).json();
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs[0]).toMatchObject({ id: expect.any(Number), kind: 'extraction', state: 'done', headline: { tripleF1: expect.any(Number) } });
    const html = path.join(t.dir, 'x.html');
    const r = cli(['eval', 'report', String(runs.at(-1).id), '--compare', String(runs.at(-2).id), '--db', db, '--out', html]);
    expect(r.code).toBe(0);
    const page = fs.readFileSync(html, 'utf8');
    expect(page).toContain('Precision–recall over the confidence threshold');
    expect(page.match(/<svg/g)!.length).toBeGreaterThanOrEqual(1);
    expect(cli(['eval', 'report', '999', '--db', db, '--out', html]).stderr).toContain('no evaluation run 999');
    const p = cli(['eval', 'precision', '--db', db, '--json']).json();
    expect(p).toMatchObject({ decisions: 0, byEngine: [], overTime: [] });
  });
});

describe('graphwright eval resumes an unfinished run', () => {
  it('a run left queued (the process died) is picked up by the same command instead of started again', async () => {
    const rdb = path.join(t.dir, 'resume.db');
    const gold = data('webnlg', 'webnlg_v1.6_en_dev_every4th.jsonl');
    const core = new Core({ dbPath: rdb, startJobs: false });
    let runId = 0;
    try {
      const set = unwrap('eval.gold.import', await core.call('eval.gold.import', { path: gold }));
      runId = unwrap('eval.run.start', await core.call('eval.run.start', { goldSet: set.id, engine: 'classic', limit: 20 })).run.id;
    } finally {
      await core.close();
    }
    const r = cli(['eval', 'extraction', '--db', rdb, '--gold', gold, '--limit', '20', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`resuming run ${runId}`);
    expect(r.json()).toMatchObject({ run: runId, state: 'done', predictions: 20 });
    // a different setting is a new run
    const other = cli(['eval', 'extraction', '--db', rdb, '--gold', gold, '--limit', '10', '--json']);
    expect(other.json().run).not.toBe(runId);
  }, 120_000);
});
