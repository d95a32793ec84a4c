import type { HandlersOf } from '../../../shared/dispatch';
import type { publishCalls } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { Services } from '../services';
import { PublishError, check, pull } from '../publish';
import { envSecret, type SecretResolver } from '../publish/job';
import { citationSparql } from '../publish/query';
import { tripleHash, tripleText } from '../publish/triples';
import { RDF } from '../export/vocab';
import N3 from 'n3';
import type { PublishTargetInput } from '../../../shared/contract/publish';

const PASSWORD_ENV = 'GRAPHWRIGHT_SPARQL_PASSWORD';

const resolvers = new WeakMap<object, SecretResolver>();

/** Where this core finds SPARQL passwords (default GRAPHWRIGHT_SPARQL_PASSWORD); the Electron shell sets a keychain (safeStorage) resolver. */
export function setPublishSecretResolver(core: object, resolver: SecretResolver): void {
  resolvers.set(core, resolver);
}

/** The resolver a core's publish job asks for passwords: the one set for it, else the environment. */
export function publishSecretFor(core: object): SecretResolver {
  return (t) => (resolvers.get(core) ?? envSecret)(t);
}

export function publishHandlers(core: Pick<Services, 'bus' | 'dbPath' | 'jobs' | 'store'>): HandlersOf<typeof publishCalls> {
  const secret = publishSecretFor(core);
  const repo = core.store.publishing;
  const spec = (t: PublishTargetInput) => {
    const username = t.username ?? null;
    const auth = t.auth ?? (username ? 'digest' : 'none');
    if (auth !== 'none' && !username) throw new ApiError('bad_request', `${auth} auth needs a username`);
    // Protocol and Graph Store URL: as given, else as recorded for this target.
    const known = repo.findTarget(t.endpoint, t.graph);
    const protocol = t.protocol ?? known?.protocol ?? 'update';
    const graphStore = t.graphStore !== undefined ? t.graphStore : (known?.graphStore ?? null);
    return {
      endpoint: t.endpoint,
      graph: t.graph,
      auth,
      username,
      protocol,
      graphStore,
      password: auth === 'none' ? null : secret({ endpoint: t.endpoint, graph: t.graph, username }),
    };
  };
  const { namedNode } = N3.DataFactory;
  const failed = (err: unknown): never => {
    if (err instanceof PublishError) throw new ApiError('failed', err.message);
    throw err;
  };
  return {
    'publish.targets': () =>
      repo.listTargets().map((t) => ({
        id: t.id,
        endpoint: t.endpoint,
        graph: t.graph,
        auth: t.auth,
        username: t.username,
        options: t.options,
        protocol: t.protocol,
        graphStore: t.graphStore,
        published: repo.publishedCount(t.id),
        lastRun: repo.lastRun(t.id),
      })),
    'publish.start': ({ options, batchSize, full, ...target }) => {
      if (options.documentId != null && !core.store.documents.get(options.documentId)) throw new ApiError('not_found', `no document ${options.documentId}`);
      const s = spec(target);
      const job = core.jobs.enqueue('graph.publish', {
        endpoint: s.endpoint,
        graph: s.graph,
        auth: s.auth,
        username: s.username,
        options,
        batchSize,
        full,
        protocol: s.protocol,
        graphStore: s.graphStore,
      });
      return { job };
    },
    'publish.citations': ({ triples }) => {
      // The target last published to, with its own base IRI (the IRIs it holds are derived from it).
      const t = repo.lastPublished();
      if (!t) return { target: null, queries: [] };
      const base = typeof t.options.base === 'string' ? t.options.base : undefined;
      const queries = [];
      for (const id of triples) {
        const q = citationSparql(core.store, id, t.graph, base);
        if (!q) continue;
        const typeLine = tripleText(namedNode(q.edge), namedNode(`${RDF}type`), namedNode(`${RDF}Statement`));
        queries.push({ ...q, published: repo.holds(t.id, tripleHash(typeLine)) });
      }
      return { target: { id: t.id, endpoint: t.endpoint, graph: t.graph }, queries };
    },
    // This host keeps no passwords (the Electron shell answers these two in its main process, with the OS keychain).
    'publish.secrets': () => ({ keychain: false, backend: null, environment: Boolean(process.env[PASSWORD_ENV]), stored: [] }),
    'publish.secret.set': () => {
      throw new ApiError(
        'unsupported',
        `this host keeps no passwords: set ${PASSWORD_ENV} in the environment of the process that runs it (the desktop app keeps them in the system keychain)`,
      );
    },
    'publish.check': async ({ sample, ...target }) => {
      try {
        return await check(core.store, spec(target), null, sample ?? 20);
      } catch (err) {
        return failed(err);
      }
    },
    'publish.pull': async (target) => {
      try {
        // off the core's event loop, as graph.import: progress as the same events, with the total read from the store
        let total: number | undefined;
        const r = await pull(core.store, spec(target), undefined, {
          onFetched: (n) => {
            total = n;
            core.bus.emit('graph.import.progress', { format: 'nt', file: target.graph, triples: 0, total });
          },
          onProgress: (p) => core.bus.emit('graph.import.progress', { format: 'nt', file: target.graph, triples: p.triples, total }),
        });
        core.bus.emit('graph.changed', { reason: 'import' });
        if (r.documents.placeholders) core.bus.emit('documents.changed', { reason: 'import' });
        return r;
      } catch (err) {
        return failed(err);
      }
    },
  };
}
