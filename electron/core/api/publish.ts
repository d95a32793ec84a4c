import type { Handlers } from '../../../shared/dispatch';
import { ApiError } from '../../../shared/errors';
import type { Core } from '../core';
import { PublishRepository } from '../store/publish';
import { PublishError, check, pull } from '../publish';
import { envSecret, publishJob, type SecretResolver } from '../publish/job';
import type { PublishTargetInput } from '../../../shared/contract/publish';

const resolvers = new WeakMap<Core, SecretResolver>();

/** Where this core finds SPARQL passwords (default GRAPHWRIGHT_SPARQL_PASSWORD); the Electron shell sets a keychain (safeStorage) resolver. */
export function setPublishSecretResolver(core: Core, resolver: SecretResolver): void {
  resolvers.set(core, resolver);
}

export function publishHandlers(core: Core): Partial<Handlers> {
  const secret: SecretResolver = (t) => (resolvers.get(core) ?? envSecret)(t);
  core.jobs.register(publishJob(core.store.db, core.dbPath, secret));
  const repo = new PublishRepository(core.store.db);
  const spec = (t: PublishTargetInput) => {
    const username = t.username ?? null;
    const auth = t.auth ?? (username ? 'digest' : 'none');
    if (auth !== 'none' && !username) throw new ApiError('bad_request', `${auth} auth needs a username`);
    return { endpoint: t.endpoint, graph: t.graph, auth, username, password: auth === 'none' ? null : secret({ endpoint: t.endpoint, graph: t.graph, username }) };
  };
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
        published: repo.publishedCount(t.id),
        lastRun: repo.lastRun(t.id),
      })),
    'publish.start': ({ options, batchSize, full, ...target }) => {
      if (options.documentId != null && !core.store.documents.get(options.documentId)) throw new ApiError('not_found', `no document ${options.documentId}`);
      const s = spec(target);
      const job = core.jobs.enqueue('graph.publish', { endpoint: s.endpoint, graph: s.graph, auth: s.auth, username: s.username, options, batchSize, full });
      return { job };
    },
    'publish.check': async ({ sample, ...target }) => {
      try {
        return await check(core.store.db, spec(target), null, sample ?? 20);
      } catch (err) {
        return failed(err);
      }
    },
    'publish.pull': async (target) => {
      try {
        const r = await pull(core.store.db, spec(target));
        core.bus.emit('graph.changed', { reason: 'import' });
        if (r.documents.placeholders) core.bus.emit('documents.changed', { reason: 'import' });
        return r;
      } catch (err) {
        return failed(err);
      }
    },
  };
}
