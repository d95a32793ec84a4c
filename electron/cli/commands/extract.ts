// graphwright extract: run a knowledge-extraction job in this process and wait for it.
// Without --model the llama/openai engines use the model chosen for extraction.
import type { Command } from '../command';
import { UsageError, dbOption, engineOptions, jsonOption, parseEngineArgs, parseId } from '../command';
import { callCore, openCore } from '../open';
import { resultOf, runJobInForeground } from '../foreground-job';

export const extractCommand: Command = {
  name: 'extract',
  usage: 'extract --db FILE [--engine classic|llama|openai] [--model PATH|NAME] [--endpoint URL] [--documents ID,...] [--force] [--json]',
  summary: 'Extract triples (entity–entity, entity–event, event–event) from documents into the graph',
  options: {
    ...dbOption,
    ...jsonOption,
    ...engineOptions,
    documents: { type: 'string' },
    force: { type: 'boolean' },
  },
  async run({ values }, io) {
    const { engine, model, endpoint } = parseEngineArgs(values);
    const documents =
      values.documents !== undefined
        ? String(values.documents)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s) => parseId(s, '--documents'))
        : undefined;
    if (documents && !documents.length) throw new UsageError('--documents needs at least one document id');

    const core = openCore(values, { mustExist: true });
    try {
      const run = await runJobInForeground(
        core,
        io,
        () => callCore(core, 'extract.start', { documents, engine, model, endpoint, force: Boolean(values.force) }),
        { label: 'extract' },
      );
      if ('code' in run) return run.code;
      const { job } = run;
      const summary = resultOf(job, 'extract');
      if (values.json) return io.json({ job: job.id, ...summary });
      io.out(`job        ${job.id} (${summary.engine}${summary.model ? ` ${summary.model}` : ''})`);
      io.out(`documents  ${summary.documents}`);
      io.out(`chunks     ${summary.chunks} (${summary.processed} read, ${summary.skipped} unchanged)`);
      io.out(`triples    EE ${summary.triples.EE}, EV ${summary.triples.EV}, VV ${summary.triples.VV} new; ${summary.existing} found again`);
      io.out(`failures   ${summary.failures} answers in ${summary.failedChunks} chunks`);
      if (summary.sentences) io.out(`sentences  ${summary.sentences} (${summary.sentencesPerSecond}/s)`);
      if (summary.tokens) io.out(`tokens     ${summary.tokens} (${summary.tokensPerSecond}/s)`);
      io.out(`merges     ${summary.mergeCandidates} candidates proposed`);
      for (const n of summary.notes ?? []) io.out(`document   ${n.document} (${n.language}): ${n.message}`);
      io.out(`time       ${summary.seconds.toFixed(1)} s`);
    } finally {
      await core.close();
    }
  },
};
