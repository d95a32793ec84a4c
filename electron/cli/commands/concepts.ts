// graphwright concepts: conceptualise the graph (every entity, event and relation linked to concept
// phrases) in this process and wait for the job; graphwright schema: the user's types to and from a file.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, engineOptions, jsonOption, parseEngineArgs } from '../command';
import { callCore, openCore } from '../open';
import { resultOf, runJobInForeground } from '../foreground-job';
import { InstanceKind } from '../../../shared/contract/concepts';

export const conceptsCommand: Command = {
  name: 'concepts',
  usage:
    'concepts --db FILE [--engine classic|llama|openai] [--model PATH|NAME] [--endpoint URL] [--kinds entity,event,relation] [--neighbours N] [--force] [--json]',
  summary: 'Conceptualise entities, events and relations (concept nodes at several levels of abstraction)',
  options: {
    ...dbOption,
    ...jsonOption,
    ...engineOptions,
    kinds: { type: 'string' },
    neighbours: { type: 'string' },
    force: { type: 'boolean' },
  },
  async run({ values }, io) {
    const { engine, model, endpoint } = parseEngineArgs(values);
    let kinds: InstanceKind[] | undefined;
    if (values.kinds !== undefined) {
      kinds = String(values.kinds)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((k) => {
          const parsed = InstanceKind.safeParse(k);
          if (!parsed.success) throw new UsageError(`--kinds takes ${InstanceKind.options.join(', ')}, got ${JSON.stringify(k)}`);
          return parsed.data;
        });
      if (!kinds.length) throw new UsageError('--kinds needs at least one kind');
    }
    let neighbours: number | undefined;
    if (values.neighbours !== undefined) {
      neighbours = Number(values.neighbours);
      if (!Number.isInteger(neighbours) || neighbours < 0 || neighbours > 16)
        throw new UsageError(`--neighbours must be an integer from 0 to 16, got ${JSON.stringify(values.neighbours)}`);
    }

    const core = openCore(values, { mustExist: true });
    try {
      const run = await runJobInForeground(
        core,
        io,
        () => callCore(core, 'concepts.start', { engine, model, endpoint, kinds, neighbours, force: Boolean(values.force) }),
        { label: 'concepts' },
      );
      if ('code' in run) return run.code;
      const { job } = run;
      const summary = resultOf(job, 'concepts');
      const coverage = await callCore(core, 'concepts.coverage', {});
      if (values.json) return io.json({ job: job.id, ...summary, coverage });
      const i = coverage.instances;
      io.out(`job        ${job.id} (${summary.engine}${summary.model ? ` ${summary.model}` : ''})`);
      io.out(
        `instances  ${summary.instances.entity} entities, ${summary.instances.event} events, ${summary.instances.relation} relations; ${summary.processed} conceptualised, ${summary.skipped} already done`,
      );
      io.out(
        `links      ${summary.links} new${summary.fallbackLinks ? ` (${summary.fallbackLinks} backfilled from ladders)` : ''}; ${summary.concepts} new concepts`,
      );
      io.out(`types      ${summary.typed} entities typed`);
      io.out(
        `coverage   entities ${i.entity.covered}/${i.entity.total}, events ${i.event.covered}/${i.event.total}, relations ${i.relation.covered}/${i.relation.total}`,
      );
      io.out(
        `distinct   ${coverage.distinctTypes.entity} entity types, ${coverage.distinctTypes.event} event types, ${coverage.distinctTypes.relation} relation types (${coverage.concepts} concepts)`,
      );
      if (summary.failures) io.out(`failures   ${summary.failures} answers (those instances are retried next run)`);
      if (summary.tokens) io.out(`tokens     ${summary.tokens} (${summary.tokensPerSecond}/s)`);
      io.out(`time       ${summary.seconds.toFixed(1)} s`);
    } finally {
      await core.close();
    }
  },
};

export const schemaCommand: Command = {
  name: 'schema',
  usage:
    'schema import FILE --db FILE [--replace] [--json]\n       graphwright schema export FILE --db FILE [--force] [--json]\n       graphwright schema list --db FILE [--json]',
  summary: 'Import or export the entity and relation types (JSON or YAML, by extension), or list them',
  options: { ...dbOption, ...jsonOption, replace: { type: 'boolean' }, force: { type: 'boolean' } },
  positionals: true,
  async run({ values, positionals }, io) {
    const [sub, ...args] = positionals;
    if (sub !== 'import' && sub !== 'export' && sub !== 'list') throw new UsageError(`schema takes import, export or list, got ${JSON.stringify(sub ?? '')}`);
    if (sub === 'list') {
      if (args.length) throw new UsageError('schema list takes no file');
      const core = openCore(values, { mustExist: true });
      try {
        const { items } = await callCore(core, 'schema.types.list', {});
        if (values.json) return io.json(items);
        for (const t of items) {
          const ends =
            t.kind === 'relation' && (t.headTypes.length || t.tailTypes.length)
              ? ` (${t.headTypes.join('|') || 'any'} → ${t.tailTypes.join('|') || 'any'})`
              : '';
          io.out(`${t.kind}\t${t.name}${ends}${t.description ? `\t${t.description}` : ''}`);
        }
        return;
      } finally {
        await core.close();
      }
    }
    if (args.length !== 1) throw new UsageError(`schema ${sub}: give exactly one FILE`);
    const file = path.resolve(args[0]);
    if (sub === 'import') {
      if (!fs.existsSync(file)) throw new UsageError(`schema file not found: ${file}`);
      const core = openCore(values, { mustExist: true });
      try {
        const r = await callCore(core, 'schema.types.import', { path: file, replace: Boolean(values.replace) });
        if (values.json) return io.json(r);
        io.out(`${file}: ${r.added} added, ${r.updated} updated${r.removed ? `, ${r.removed} removed` : ''}; ${r.items.length} types`);
        return;
      } finally {
        await core.close();
      }
    }
    const ext = path.extname(file).toLowerCase();
    if (!['.json', '.yaml', '.yml'].includes(ext))
      throw new UsageError(`schema export: FILE must end in .json, .yaml or .yml, got ${JSON.stringify(path.basename(file))}`);
    const core = openCore(values, { mustExist: true });
    try {
      const r = await callCore(core, 'schema.types.export', { format: ext === '.json' ? 'json' : 'yaml', path: file, overwrite: Boolean(values.force) });
      if (values.json) return io.json({ path: r.path, format: r.format, count: r.count });
      io.out(`${r.path}: ${r.count} types (${r.format})`);
    } finally {
      await core.close();
    }
  },
};
