// graphwright eval: score extraction or question answering against gold, from a terminal.
//   eval extraction --db FILE --gold FILE [--format F] [--engine classic|llama|openai] [--model] [--endpoint] [--mention exact|head|overlap] [--limit N] [--json]
//   eval qa --db FILE --questions FILE [--engine classic|llama|openai] [--model] [--endpoint] [--k N] [--limit N] [--json]
//   eval runs --db FILE [--json] | eval show RUN --db FILE [--json] | eval report RUN --db FILE --out FILE.html [--compare RUN]
//   eval precision --db FILE [--json]
//   eval fit --db FILE --questions FILE [--out FILE] [--seed N] [--json]
import fs from 'node:fs';
import path from 'node:path';
import type { CliIO, Command } from '../command';
import { UsageError, dbOption, engineOptions, jsonOption, parseEngineArgs, parseId } from '../command';
import { callCore, openCore } from '../open';
import { runJobInForeground } from '../foreground-job';
import type { Core } from '../../core/core';
import { GoldFormat, MentionMode, type EvalRunDetail, type EvalScores, type Prf } from '../../../shared/contract/eval';
import { renderReport } from '../../core/eval/report';
import { fitOnQuestions, MIN_FIT_QUESTIONS } from '../../core/chat/fit-set';
import { readQuestionFile } from '../../core/eval/gold';
import { SETTING_ANSWER_MODEL } from '../../core/chat/ranker';
import { getRetriever } from '../../core/retrieve';
import { expectedCalibrationError } from '../../core/eval/calibration';

const USAGE = [
  'eval extraction --db FILE --gold FILE [--format webnlg-json|webnlg-xml|scierc|conll|tokens] [--engine classic|llama|openai] [--model PATH|NAME] [--endpoint URL] [--mention exact|head|overlap] [--limit N] [--label TEXT] [--temperature T] [--seed N] [--errors N] [--json]',
  'eval qa --db FILE --questions FILE [--engine classic|llama|openai] [--model PATH|NAME] [--endpoint URL] [--k N] [--limit N] [--label TEXT] [--errors N] [--json]',
  'eval runs --db FILE [--json]',
  'eval show RUN --db FILE [--errors N] [--json]',
  'eval report RUN --db FILE --out FILE.html [--compare RUN]',
  'eval precision --db FILE [--json]',
  'eval fit --db FILE --questions FILE.jsonl [--out FILE.json] [--seed N] [--json]',
].join('\n       graphwright ');

function intOpt(values: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  return n;
}

/** The scores with at most `n` errors (the rest counted in moreErrors). */
function capErrors(scores: EvalScores | null, n: number): EvalScores | null {
  if (!scores) return scores;
  const kept = scores.errors.slice(0, n);
  return { ...scores, errors: kept, moreErrors: scores.moreErrors + scores.errors.length - kept.length };
}

function runJson(run: EvalRunDetail, errors: number) {
  return {
    run: run.id,
    label: run.label,
    state: run.state,
    gold: { id: run.goldSet, name: run.goldName, items: run.items },
    settings: run.settings,
    predictions: run.predictions,
    scores: capErrors(run.scores, errors),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const prfLine = (name: string, p: Prf) =>
  `${name.padEnd(22)} P ${pct(p.precision).padStart(6)}  R ${pct(p.recall).padStart(6)}  F1 ${pct(p.f1).padStart(6)}  [${pct(p.ci.f1[0])}, ${pct(p.ci.f1[1])}]  (${p.tp}/${p.predicted} predicted, ${p.gold} gold)`;

function printHuman(run: EvalRunDetail, io: CliIO): void {
  io.out(`run ${run.id}: ${run.label} on ${run.goldName} (${run.items} items, ${run.state})`);
  const s = run.scores;
  if (!s) return;
  if (s.kind === 'extraction') {
    io.out(prfLine('triples', s.triples));
    io.out(prfLine('entity pairs', s.pairs));
    io.out(prfLine('mentions exact', s.mentions.exact));
    io.out(prfLine('mentions head word', s.mentions.head));
    io.out(prfLine('mentions overlap', s.mentions.overlap));
    if (s.typedMentions) io.out(prfLine(`typed (${s.mentionMode})`, s.typedMentions));
    if (s.bestThreshold) io.out(`best triple F1 ${pct(s.bestThreshold.f1)} at confidence >= ${s.bestThreshold.threshold}`);
    for (const t of s.perType.slice(0, 12)) io.out(`  type ${t.label}: recall ${t.recall === null ? '-' : pct(t.recall)} (${t.matched}/${t.gold})`);
  } else {
    io.out(
      `passage recall@${s.k}   ${pct(s.passageRecall.value)} [${pct(s.passageRecall.ci[0])}, ${pct(s.passageRecall.ci[1])}] (${s.passageRecall.hits}/${s.passageRecall.total})`,
    );
    io.out(
      `answer accuracy     ${pct(s.answerAccuracy.value)} [${pct(s.answerAccuracy.ci[0])}, ${pct(s.answerAccuracy.ci[1])}] (${s.answerAccuracy.hits}/${s.answerAccuracy.total})`,
    );
    io.out(`abstention          ${pct(s.abstention.value)} (${s.abstention.hits}/${s.abstention.total})`);
  }
  io.out(`${s.errors.length + s.moreErrors} errors; the report: graphwright eval report ${run.id} --out FILE.html`);
}

async function runEval(core: Core, io: CliIO, values: Record<string, unknown>, goldPath: string, kind: 'extraction' | 'qa'): Promise<number | void> {
  const { engine, model, endpoint } = parseEngineArgs(values);
  const format = values.format === undefined ? undefined : GoldFormat.safeParse(values.format);
  if (format && !format.success) throw new UsageError(`--format must be one of ${GoldFormat.options.join(', ')}, got ${JSON.stringify(values.format)}`);
  const mention = values.mention === undefined ? undefined : MentionMode.safeParse(values.mention);
  if (mention && !mention.success) throw new UsageError(`--mention must be one of ${MentionMode.options.join(', ')}, got ${JSON.stringify(values.mention)}`);
  const limit = intOpt(values, 'limit', 1, 1_000_000);
  const k = intOpt(values, 'k', 1, 50);
  const errors = intOpt(values, 'errors', 0, 1_000_000) ?? 100;
  const seed = intOpt(values, 'seed', -2_147_483_648, 2_147_483_647);
  const temperature = values.temperature === undefined ? undefined : Number(values.temperature);
  if (temperature !== undefined && !(temperature >= 0 && temperature <= 2))
    throw new UsageError(`--temperature must be a number from 0 to 2, got ${JSON.stringify(values.temperature)}`);
  const gold = await callCore(core, 'eval.gold.import', { path: goldPath, format: format?.data });
  if (gold.kind !== kind) {
    throw new UsageError(
      kind === 'qa' ? `${goldPath}: not a question set (read as ${gold.format}); use eval extraction` : `${goldPath}: a question set; use eval qa --questions`,
    );
  }
  let runId = 0;
  const fg = await runJobInForeground(
    core,
    io,
    async () => {
      const wanted = {
        engine,
        model: engine === 'llama' && model ? path.resolve(model) : (model ?? null),
        endpoint: endpoint ?? null,
        mentionMode: mention?.data ?? 'head',
        k: kind === 'qa' ? (k ?? 5) : undefined,
        limit: limit ?? null,
        temperature: engine === 'classic' ? null : (temperature ?? null),
        seed: engine === 'classic' ? null : (seed ?? null),
      };
      // an unfinished run with the same settings (interrupted, cancelled, failed) resumes instead of starting over
      const label = typeof values.label === 'string' ? values.label : undefined;
      const unfinished = (await callCore(core, 'eval.run.list', { goldSet: gold.id })).find(
        (r) =>
          r.state !== 'done' &&
          r.job !== null &&
          (!label || r.label === label) &&
          Object.entries(wanted).every(
            ([key, v]) => (r.settings as Record<string, unknown>)[key] === v || ((r.settings as Record<string, unknown>)[key] ?? null) === (v ?? null),
          ),
      );
      if (unfinished) {
        const job = core.jobs.get(unfinished.job!);
        io.err(`eval: resuming run ${unfinished.id} (${unfinished.predictions}/${unfinished.items} items done)`);
        runId = unfinished.id;
        return job.state === 'cancelled' || job.state === 'failed' ? core.jobs.resume(job.id) : job;
      }
      const started = await callCore(core, 'eval.run.start', {
        goldSet: gold.id,
        engine,
        model,
        endpoint,
        mentionMode: wanted.mentionMode,
        k,
        limit,
        label,
        temperature,
        seed,
      });
      runId = started.run.id;
      return started.job;
    },
    { label: 'eval', quiet: Boolean(values.json) && !process.stderr.isTTY },
  );
  if ('code' in fg) return fg.code;
  const run = await callCore(core, 'eval.run.get', { id: runId });
  if (values.json) return io.json(runJson(run, errors));
  printHuman(run, io);
}

export const evalCommand: Command = {
  name: 'eval',
  usage: USAGE,
  summary: 'Score extraction (entity mentions, triples, pairs) or question answering (passage recall, accuracy) against gold; HTML reports',
  options: {
    ...dbOption,
    ...jsonOption,
    ...engineOptions,
    gold: { type: 'string', short: 'g' },
    questions: { type: 'string' },
    format: { type: 'string' },
    mention: { type: 'string' },
    limit: { type: 'string' },
    k: { type: 'string' },
    label: { type: 'string' },
    errors: { type: 'string' },
    temperature: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string', short: 'o' },
    compare: { type: 'string' },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    const [sub, ...args] = positionals;
    const errors = intOpt(values, 'errors', 0, 1_000_000) ?? 100;
    switch (sub) {
      case 'extraction': {
        if (args.length) throw new UsageError(`unexpected argument ${JSON.stringify(args[0])}`);
        if (typeof values.gold !== 'string' || !values.gold) throw new UsageError('--gold FILE is required');
        if (!fs.existsSync(values.gold)) throw new UsageError(`--gold: file not found: ${path.resolve(values.gold)}`);
        const core = openCore(values);
        try {
          return await runEval(core, io, values, values.gold, 'extraction');
        } finally {
          await core.close();
        }
      }
      case 'qa': {
        if (args.length) throw new UsageError(`unexpected argument ${JSON.stringify(args[0])}`);
        if (typeof values.questions !== 'string' || !values.questions) throw new UsageError('--questions FILE is required');
        if (!fs.existsSync(values.questions)) throw new UsageError(`--questions: file not found: ${path.resolve(values.questions)}`);
        const core = openCore(values, { mustExist: true });
        try {
          return await runEval(core, io, { ...values, format: values.format ?? 'questions' }, values.questions, 'qa');
        } finally {
          await core.close();
        }
      }
      case 'runs': {
        const core = openCore(values, { mustExist: true });
        try {
          const runs = await callCore(core, 'eval.run.list', {});
          if (values.json) return io.json(runs);
          for (const r of runs)
            io.out(
              `${r.id}\t${r.kind}\t${r.state}\t${r.label}\t${r.goldName}\t${Object.entries(r.headline)
                .map(([k, v]) => `${k} ${pct(v)}`)
                .join(', ')}`,
            );
        } finally {
          await core.close();
        }
        return;
      }
      case 'show':
      case 'report': {
        const id = parseId(args[0], 'RUN');
        const out = typeof values.out === 'string' ? values.out : undefined;
        if (sub === 'report' && !out) throw new UsageError('--out FILE.html is required');
        const core = openCore(values, { mustExist: true });
        try {
          const run = await callCore(core, 'eval.run.get', { id });
          if (sub === 'show') {
            if (values.json) return io.json(runJson(run, errors));
            return printHuman(run, io);
          }
          if (!run.scores) throw new UsageError(`run ${id} has no scores yet (${run.state}); finish it first`);
          const compare = values.compare !== undefined ? await callCore(core, 'eval.run.get', { id: parseId(String(values.compare), '--compare') }) : null;
          const file = path.resolve(out!);
          if (!fs.existsSync(path.dirname(file))) throw new UsageError(`--out: folder not found: ${path.dirname(file)}`);
          fs.writeFileSync(file, renderReport(run, compare));
          if (values.json) return io.json({ run: id, out: file });
          io.out(`wrote ${file}`);
        } finally {
          await core.close();
        }
        return;
      }
      case 'precision': {
        const core = openCore(values, { mustExist: true });
        try {
          const p = await callCore(core, 'eval.precision', {});
          if (values.json) return io.json(p);
          io.out(`${p.decisions} decisions; precision ${p.overall.precision === null ? '-' : pct(p.overall.precision)}`);
          for (const [name, rows] of [
            ['engine', p.byEngine],
            ['relation', p.byRelation.slice(0, 20)],
            ['type', p.byType],
            ['document', p.byDocument.slice(0, 20)],
          ] as const) {
            for (const r of rows)
              io.out(`  ${name} ${r.label}: ${r.precision === null ? '-' : pct(r.precision)} (${r.accepted} accepted, ${r.rejected} rejected)`);
          }
        } finally {
          await core.close();
        }
        return;
      }
      case 'fit': {
        // re-fit the answer model on the user's own questions: stored in the database (chat, ask and eval qa
        // read it), or written to --out
        if (args.length) throw new UsageError(`unexpected argument ${JSON.stringify(args[0])}`);
        if (typeof values.questions !== 'string' || !values.questions) throw new UsageError('--questions FILE is required');
        let questions;
        try {
          questions = readQuestionFile(values.questions);
        } catch (err) {
          throw new UsageError(`--questions: ${(err as Error).message}`);
        }
        if (questions.length < MIN_FIT_QUESTIONS)
          throw new UsageError(
            `--questions: ${path.resolve(values.questions)}: ${questions.length} question${questions.length === 1 ? '' : 's'}; fitting needs at least ${MIN_FIT_QUESTIONS}`,
          );
        const seed = intOpt(values, 'seed', 0, 1_000_000) ?? 1;
        const out = typeof values.out === 'string' && values.out ? values.out : null;
        const core = openCore(values, { mustExist: true });
        try {
          const { model, report } = await fitOnQuestions(getRetriever(core), questions, { seed });
          const answerable = report.heldOut.filter((p) => p.answerable);
          const summary = {
            questions: report.examples,
            answerable: answerable.length,
            heldOutAccuracy: answerable.length ? answerable.filter((p) => p.correct).length / answerable.length : 0,
            heldOutEce: expectedCalibrationError(answerable),
            threshold: model.threshold,
            groundedThreshold: model.groundedThreshold,
            objective: report.objective,
            l2: report.l2,
            storedIn: out ? path.resolve(out) : SETTING_ANSWER_MODEL,
          };
          if (out) fs.writeFileSync(out, `${JSON.stringify(model, null, 2)}\n`);
          else core.store.settings.set(SETTING_ANSWER_MODEL, model);
          if (values.json) return io.json(summary);
          io.out(
            `fitted on ${summary.questions} questions (${summary.answerable} answerable): held-out top-1 ${summary.heldOutAccuracy.toFixed(3)}, ECE ${summary.heldOutEce.toFixed(3)}; unsure below ${summary.threshold}, not in the graph below groundedness ${summary.groundedThreshold}`,
          );
          io.out(out ? `written to ${summary.storedIn}` : `stored in the database (setting ${SETTING_ANSWER_MODEL}); chat, ask and eval qa use it`);
        } finally {
          await core.close();
        }
        return;
      }
      default:
        throw new UsageError(sub ? `unknown eval command ${JSON.stringify(sub)}` : 'give extraction, qa, runs, show, report, precision or fit');
    }
  },
};
