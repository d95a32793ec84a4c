// graphwright retrieve / ask: graph retrieval and cited answers from a terminal (also how retrieval
// is evaluated from outside, so the --json shapes are a contract: keep them exactly).
import fs from 'node:fs';
import path from 'node:path';
import type { Command, CliIO } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { openCore } from '../open';
import { getRetriever } from '../../core/retrieve';
import { readQuestionFile } from '../../core/eval/gold';
import type { RetrievalResult } from '../../core/retrieve/retriever';
import { answerQuestion, confidenceThreshold, NOT_IN_GRAPH, SETTING_CONFIDENCE_THRESHOLD } from '../../core/chat/answer';
import { rankerFromSetting, SETTING_ANSWER_MODEL } from '../../core/chat/ranker';
import type { LlmEngine } from '../../core/llm/engine';
import { embeddingModelOf } from './embeddings';

function maxTriplesOf(values: Record<string, unknown>): number {
  if (values['max-triples'] === undefined) return 60;
  const n = Number(values['max-triples']);
  if (!Number.isInteger(n) || n < 1 || n > 10000)
    throw new UsageError(`--max-triples must be a positive integer, got ${JSON.stringify(values['max-triples'])}`);
  return n;
}

/** The external --json shape of one retrieval: exactly these keys. */
function retrievalJson(r: RetrievalResult) {
  return {
    question: r.question,
    entities: r.entities.map((e) => ({ id: e.id, label: e.label, kind: e.kind, mention: e.mention, score: e.score, method: e.method })),
    paths: r.paths.map((p) => ({ seed: p.seed, steps: p.steps, score: p.score, probabilities: p.probabilities, reached: p.reached })),
    triples: r.triples.map((t) => ({ id: t.id, subject: t.subject, relation: t.relation, object: t.object, score: t.score })),
    passages: r.passages.map((p) => ({ id: p.id, document: p.document, text: p.text, score: p.score })),
  };
}

function printHuman(r: RetrievalResult, io: CliIO): void {
  io.out(`question: ${r.question}`);
  if (r.outcome === 'not_in_graph') {
    io.out('the graph holds nothing about this question');
    return;
  }
  io.out(`entities: ${r.entities.map((e) => `${e.label} (${e.kind}, ${e.score}${e.method === 'exact' ? '' : `, ${e.method}`})`).join('; ') || '-'}`);
  io.out(`hops: ${r.hops}`);
  for (const p of r.paths.slice(0, 5)) {
    io.out(
      `path ${p.score.toExponential(2)}: ${p.seed.label} ${p.steps.map((s) => (s.inverse ? `<-${s.relation}-` : `-${s.relation}->`)).join(' ')} (${p.reached} reached)`,
    );
  }
  for (const t of r.triples) io.out(`[T${t.id}] ${t.score.toFixed(4)}  ${t.subject} | ${t.relation} | ${t.object}`);
  for (const p of r.passages) io.out(`[P${p.id}] ${p.score.toFixed(4)}  ${p.document}: ${p.text.replace(/\s+/g, ' ').slice(0, 160)}`);
  io.out(`${r.triples.length} triples, ${r.passages.length} passages in ${r.timings.totalMs} ms`);
}

/**
 * Questions from a file, for `retrieve --questions` and `ask --questions` alike, read by eval's one
 * question reader (eval/gold.ts): JSONL lines holding {question, ...} objects (the kit's rfc-qa shape,
 * answers optional), or plain text lines (a TSV line gives its first column). Trailing blank lines are
 * ignored; a bad JSON line is an error naming the file and line.
 */
export function readQuestions(file: string): string[] {
  if (!fs.existsSync(file)) throw new UsageError(`--questions: file not found: ${path.resolve(file)}`);
  try {
    return readQuestionFile(file, { answers: 'optional', textLines: true }).map((q) => q.question);
  } catch (err) {
    throw new UsageError(`--questions: ${(err as Error).message}`);
  }
}

export const retrieveCommand: Command = {
  name: 'retrieve',
  usage: 'retrieve --db FILE (--question TEXT | --questions FILE) [--max-triples N] [--embedding-model PATH] [--json]',
  summary:
    'Retrieve the triples and passages that answer a question (--questions: JSONL {question} objects or text lines, one JSON line each); --embedding-model: hybrid passages and embedding linking through the index `graphwright index` built for it',
  options: {
    ...dbOption,
    ...jsonOption,
    question: { type: 'string', short: 'q' },
    questions: { type: 'string' },
    'max-triples': { type: 'string' },
    'embedding-model': { type: 'string', short: 'e' },
  },
  async run({ values }, io) {
    const maxTriples = maxTriplesOf(values);
    const single = typeof values.question === 'string' ? values.question : undefined;
    const file = typeof values.questions === 'string' ? values.questions : undefined;
    if (!single && !file) throw new UsageError('give --question TEXT or --questions FILE');
    if (single && file) throw new UsageError('give either --question or --questions, not both');
    if (single !== undefined && !single.trim()) throw new UsageError('--question is empty');
    const questions = file ? readQuestions(file) : [single!];
    const embeddingModel = embeddingModelOf(values);
    const core = openCore(values, { mustExist: true });
    try {
      const embedder = embeddingModel ? await core.engines.open({ kind: 'llama', path: embeddingModel }) : null;
      const retriever = getRetriever(core);
      for (const q of questions) {
        const r = q
          ? await retriever.retrieve(q, { maxTriples, embedder })
          : ({
              question: q,
              outcome: 'not_in_graph',
              hops: 0,
              entities: [],
              paths: [],
              triples: [],
              passages: [],
              attempts: [],
              timings: {},
            } as unknown as RetrievalResult);
        if (values.json) {
          if (file) process.stdout.write(`${JSON.stringify(retrievalJson(r))}\n`);
          else io.json(retrievalJson(r));
        } else {
          printHuman(r, io);
          if (file) io.out('');
        }
      }
    } finally {
      await core.close();
    }
  },
};

export const askCommand: Command = {
  name: 'ask',
  usage: 'ask --db FILE (--question TEXT | --questions FILE) [--model PATH] [--embedding-model PATH] [--max-triples N] [--json]',
  summary:
    'Answer a question from the graph with cited facts ([T<id>] triples, [P<id>] passages). Uses --model, else the chat model chosen in Models; with neither, a short extractive answer. --questions: JSONL ({question} objects) or text lines, one JSON line each',
  options: {
    ...dbOption,
    ...jsonOption,
    question: { type: 'string', short: 'q' },
    questions: { type: 'string' },
    model: { type: 'string', short: 'm' },
    'embedding-model': { type: 'string', short: 'e' },
    'max-triples': { type: 'string' },
  },
  async run({ values }, io) {
    const single = typeof values.question === 'string' ? values.question.trim() : undefined;
    const file = typeof values.questions === 'string' ? values.questions : undefined;
    if (single === undefined && !file) throw new UsageError('give --question TEXT or --questions FILE');
    if (single !== undefined && file) throw new UsageError('give either --question or --questions, not both');
    if (single !== undefined && !single) throw new UsageError('--question is empty');
    const maxTriples = maxTriplesOf(values);
    const modelPath = typeof values.model === 'string' ? path.resolve(values.model) : undefined;
    if (modelPath && !fs.existsSync(modelPath)) throw new UsageError(`--model: file not found: ${modelPath}`);
    const questions = file ? readQuestions(file) : [single!];
    const embeddingModel = embeddingModelOf(values);
    const core = openCore(values, { mustExist: true });
    try {
      const embedder = embeddingModel ? await core.engines.open({ kind: 'llama', path: embeddingModel }) : null;
      let engine: LlmEngine | null = null;
      if (modelPath) engine = await core.engines.open({ kind: 'llama', path: modelPath });
      else if (core.engines.choice('chat')) {
        try {
          engine = await core.engines.get('chat');
        } catch (err) {
          io.err(`graphwright ask: the chat model could not be loaded (${(err as Error).message}); answering from the graph without it`);
        }
      }
      const retriever = getRetriever(core);
      const threshold = confidenceThreshold(core.store.settings.get(SETTING_CONFIDENCE_THRESHOLD));
      const ranker = rankerFromSetting(core.store.settings.get(SETTING_ANSWER_MODEL));
      for (const question of questions) {
        if (!question) {
          // a blank line keeps its place in the output
          const empty = {
            question,
            answer: NOT_IN_GRAPH,
            answers: [],
            citations: [],
            outcome: 'not_in_graph',
            mode: 'none',
            confidence: 0,
            model: engine?.info().model ?? null,
          };
          if (values.json) process.stdout.write(`${JSON.stringify(empty)}\n`);
          else io.out(`${NOT_IN_GRAPH}\n`);
          continue;
        }
        const retrieval = await retriever.retrieve(question, { maxTriples, engine, embedder });
        const streaming = !values.json && !!engine && retrieval.outcome === 'found';
        const answer = await answerQuestion(question, retrieval, {
          engine,
          threshold,
          ranker,
          onToken: streaming ? (t) => process.stdout.write(t) : undefined,
        });
        const texts = new Map<string, string>([
          ...retrieval.triples.map((t) => [`T${t.id}`, t.text] as [string, string]),
          ...retrieval.passages.map((p) => [`P${p.id}`, `${p.document}: ${p.text.replace(/\s+/g, ' ').slice(0, 300)}`] as [string, string]),
        ]);
        const citations = answer.citations.map((c) => ({ ...c, text: texts.get(c.marker) ?? '' }));
        if (values.json) {
          const out = {
            question,
            answer: answer.content,
            answers: answer.answers,
            citations,
            outcome: answer.outcome,
            mode: answer.mode,
            confidence: answer.confidence,
            model: answer.model,
          };
          if (file) process.stdout.write(`${JSON.stringify(out)}\n`);
          else io.json(out);
          continue;
        }
        if (file) io.out(`Q: ${question}`);
        if (streaming) {
          process.stdout.write('\n');
          if (answer.content !== answer.raw.trim()) io.out(`\n(citations to ids that were not provided were removed)\n${answer.content}`);
        } else io.out(answer.content);
        if (citations.length && answer.mode === 'llm') {
          io.out('');
          for (const c of citations) io.out(`[${c.marker}] ${c.text}`);
        }
        if (file) io.out('');
      }
    } finally {
      await core.close();
    }
  },
};
