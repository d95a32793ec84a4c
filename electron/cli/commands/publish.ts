// graphwright publish / pull: the graph to and from a named graph of a SPARQL 1.1 store.
// The password never goes on the command line or into the database: GRAPHWRIGHT_SPARQL_PASSWORD.
import type { CliIO, Command } from '../command';
import { UsageError, dbOption, jsonOption, parseId, parseSelection, requireString, selectionOptions } from '../command';
import { openCore } from '../open';
import { ApiError } from '../../../shared/errors';
import { PublishAuth } from '../../../shared/contract/publish';
import { openExportSnapshot } from '../../core/store/export';
import { check, clientFor, fetchGraph, importFetched, publish, type TargetSpec } from '../../core/publish';
import { citationSparql } from '../../core/publish/query';
import type { AuthKind } from '../../core/publish/sparql';

export const PASSWORD_ENV = 'GRAPHWRIGHT_SPARQL_PASSWORD';

const targetOptions = {
  endpoint: { type: 'string' },
  graph: { type: 'string' },
  user: { type: 'string' },
  auth: { type: 'string' },
  protocol: { type: 'string' },
  'graph-store': { type: 'string' },
} as const;

function targetSpec(values: Record<string, unknown>): TargetSpec {
  const endpoint = requireString(values, 'endpoint');
  if (!/^https?:\/\/\S+$/i.test(endpoint)) throw new UsageError(`--endpoint must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  const graph = requireString(values, 'graph');
  if (!/^[a-z][a-z0-9+.-]*:\S+$/i.test(graph)) throw new UsageError(`--graph must be an absolute IRI, got ${JSON.stringify(graph)}`);
  const username = (values.user as string | undefined) ?? null;
  const auth = ((values.auth as string | undefined) ?? (username ? 'digest' : 'none')) as AuthKind;
  if (!PublishAuth.options.includes(auth)) throw new UsageError(`--auth must be one of ${PublishAuth.options.join(', ')}, got ${JSON.stringify(values.auth)}`);
  if (auth !== 'none' && !username) throw new UsageError(`--auth ${auth} needs --user`);
  const password = process.env[PASSWORD_ENV] ?? null;
  if (auth !== 'none' && password == null) throw new UsageError(`--user ${username}: set the password in the environment variable ${PASSWORD_ENV}`);
  const protocol = values.protocol as string | undefined;
  if (protocol !== undefined && protocol !== 'update' && protocol !== 'graph-store')
    throw new UsageError(`--protocol must be update or graph-store, got ${JSON.stringify(protocol)}`);
  const graphStore = values['graph-store'] as string | undefined;
  if (graphStore !== undefined && !/^https?:\/\/\S+$/i.test(graphStore))
    throw new UsageError(`--graph-store must be an http(s) URL, got ${JSON.stringify(graphStore)}`);
  if (graphStore !== undefined && protocol === 'update') throw new UsageError('--graph-store goes with --protocol graph-store');
  return { endpoint, graph, auth, username, password, protocol: protocol ?? (graphStore !== undefined ? 'graph-store' : undefined), graphStore };
}

/** --sparql-for ID: the SPARQL that selects a cited triple in the named graph; run it too when --endpoint is given. */
async function citation(values: Record<string, unknown>, io: CliIO): Promise<number | void> {
  const id = parseId(values['sparql-for'] as string, '--sparql-for');
  const graph = requireString(values, 'graph');
  const core = openCore(values, { mustExist: true });
  try {
    const q = citationSparql(core.store, id, graph, (values.base as string | undefined) ?? undefined);
    if (!q) throw new ApiError('not_found', `no triple ${id}`);
    let rows: unknown[] | undefined;
    if (values.endpoint !== undefined) {
      const spec = targetSpec(values);
      rows = await clientFor(spec).select(q.sparql);
    }
    if (values.json) return io.json({ ...q, ...(rows ? { rows } : {}) });
    io.out(q.sparql);
    if (rows) io.out(`# ${rows.length} rows at ${values.endpoint as string}`);
  } finally {
    await core.close();
  }
}

export const publishCommand: Command = {
  name: 'publish',
  usage:
    'publish --db FILE --endpoint URL --graph IRI [--accepted-only] [--document ID] [--no-provenance] [--no-concepts] [--base IRI] [--user U] [--auth basic|digest] [--protocol update|graph-store] [--graph-store URL] [--batch-size N] [--full] [--check] [--sparql-for TRIPLE_ID] [--json]',
  summary: `Publish the graph into a named graph of a SPARQL 1.1 store (incremental after the first load; password from ${PASSWORD_ENV}); --check compares local and remote`,
  options: {
    ...dbOption,
    ...jsonOption,
    ...targetOptions,
    ...selectionOptions,
    'batch-size': { type: 'string' },
    full: { type: 'boolean' },
    check: { type: 'boolean' },
    sample: { type: 'string' },
    'sparql-for': { type: 'string' },
  },
  async run({ values }, io) {
    if (values['sparql-for'] !== undefined) return citation(values, io);
    const spec = targetSpec(values);
    const options = parseSelection(values);
    const { documentId } = options;
    const batchSize = values['batch-size'] !== undefined ? parseId(values['batch-size'] as string, '--batch-size') : undefined;
    const selectionGiven = Object.keys(selectionOptions).some((k) => values[k] !== undefined);
    const core = openCore(values, { mustExist: true });
    try {
      if (documentId !== null && !core.store.documents.get(documentId)) throw new ApiError('not_found', `no document ${documentId}`);
      if (values.check) {
        const sample = values.sample !== undefined ? parseId(values.sample as string, '--sample') : 20;
        const r = await check(core.store, spec, selectionGiven ? options : null, sample);
        if (values.json) io.json(r);
        else {
          io.out(`graph     <${r.graph}> at ${r.endpoint}`);
          io.out(`triples   ${r.local} local, ${r.remote} remote, ${r.published} recorded as published`);
          io.out(`pending   ${r.pending.add} to push, ${r.pending.remove} to remove`);
          io.out(`sample    ${r.sample - r.missing.length} of ${r.sample} local triples found remotely`);
          for (const m of r.missing) io.out(`missing   ${m}`);
          io.out(r.equal ? 'equal' : 'NOT equal');
        }
        return r.equal ? 0 : 1;
      }
      const controller = new AbortController();
      const onSignal = () => {
        io.err('stopping after the current batch: the next publish continues from there');
        controller.abort();
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      const snap = openExportSnapshot(core.dbPath);
      try {
        const r = await publish(
          core.store,
          spec,
          options,
          {
            batchSize,
            full: Boolean(values.full),
            signal: controller.signal,
            onProgress: (_d, _t, message) => io.err(`publish: ${message}`),
          },
          snap.db,
        );
        if (values.json)
          return io.json({
            pushed: r.pushed,
            removed: r.removed,
            batches: r.batches,
            graph: r.graph,
            endpoint: r.endpoint,
            published: r.published,
            unchanged: r.unchanged,
            run: r.run,
            protocol: r.protocol,
          });
        io.out(
          `published to <${r.graph}> at ${r.endpoint}: ${r.pushed} triples pushed, ${r.removed} removed, in ${r.batches} batches (${r.unchanged} unchanged; ${r.published} in the remote graph from this database)`,
        );
      } catch (err) {
        if ((err as Error).name === 'PublishCancelled') {
          io.err(`graphwright publish: ${(err as Error).message}`);
          return 130;
        }
        throw err;
      } finally {
        snap.close();
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    } finally {
      await core.close();
    }
  },
};

export const pullCommand: Command = {
  name: 'pull',
  usage: 'pull --db FILE --endpoint URL --graph IRI [--user U] [--auth basic|digest] [--protocol update|graph-store] [--graph-store URL] [--json]',
  summary: `Import a named graph from a SPARQL store, all or nothing (creates the database if missing; password from ${PASSWORD_ENV})`,
  options: { ...dbOption, ...jsonOption, ...targetOptions },
  async run({ values }, io) {
    const spec = targetSpec(values);
    const t0 = performance.now();
    // Read the remote graph before opening (or creating) the database: a failure changes nothing here.
    const fetched = await fetchGraph(spec);
    const core = openCore(values);
    try {
      const r = { ...(await importFetched(core.store, spec, fetched)), seconds: (performance.now() - t0) / 1000 };
      if (values.json) return io.json(r);
      io.out(
        `pulled ${r.triples} triples of <${r.graph}> from ${r.endpoint} (${r.read === 'graph-store' ? 'one Graph Store GET' : 'paged SPARQL'}) in ${r.seconds.toFixed(2)} s`,
      );
      io.out(`nodes           ${r.nodes.created} new, ${r.nodes.existing} existing`);
      io.out(`triples         ${r.edges.created} new, ${r.edges.existing} existing`);
      io.out(`concept links   ${r.conceptLinks.created} new, ${r.conceptLinks.existing} existing`);
      io.out(`evidence spans  ${r.provenance.created} new, ${r.provenance.existing} existing`);
    } finally {
      await core.close();
    }
  },
};
