import { z } from 'zod';
import { defineCall, defineJobKind } from './define';
import { ExportOptions, ImportResult } from './export';

/** A SPARQL 1.1 endpoint (queries and updates as form POSTs) and a named graph in it. No secret: the core resolves it (keychain, GRAPHWRIGHT_SPARQL_PASSWORD). */
const HttpUrl = z.string().regex(/^https?:\/\/\S+$/i, 'an http(s) URL');

/** SPARQL 1.1 Update for everything, or the Graph Store HTTP Protocol for loads (PUT/POST) and pull (GET); removals always go by SPARQL Update. */
export const PublishProtocol = z.enum(['update', 'graph-store']);
export type PublishProtocol = z.infer<typeof PublishProtocol>;

/** How the core logs in to a target (the password never crosses the API). */
export const PublishAuth = z.enum(['none', 'basic', 'digest']);
export type PublishAuth = z.infer<typeof PublishAuth>;

export const PublishRunState = z.enum(['running', 'done', 'failed', 'cancelled']);
export type PublishRunState = z.infer<typeof PublishRunState>;

export const PublishTargetInput = z.object({
  endpoint: HttpUrl,
  graph: z.string().regex(/^[a-z][a-z0-9+.-]*:[^\s<>"{}|^`\\]+$/i, 'an absolute IRI'),
  auth: PublishAuth.optional(),
  username: z.string().min(1).nullable().optional(),
  /** Unset: the target's recorded setting, else 'update'. */
  protocol: PublishProtocol.optional(),
  /** The Graph Store URL; unset or null: the target's, else derived from a Virtuoso-style .../sparql endpoint. */
  graphStore: HttpUrl.nullable().optional(),
});
export type PublishTargetInput = z.infer<typeof PublishTargetInput>;

export const PublishOptions = ExportOptions.pick({ acceptedOnly: true, documentId: true, concepts: true, provenance: true, base: true });

/** What publish.start takes; the 'graph.publish' job's params are the same, with the target resolved (never a password). */
export const PublishStartInput = PublishTargetInput.extend({
  options: PublishOptions.prefault({}),
  batchSize: z.number().int().min(1).max(100_000).optional(),
  /** Clear the remote graph and load everything again. */
  full: z.boolean().optional(),
});
export type PublishStartInput = z.input<typeof PublishStartInput>;

const PublishRun = z.object({
  id: z.number().int(),
  state: PublishRunState,
  toAdd: z.number().int(),
  toRemove: z.number().int(),
  pushed: z.number().int(),
  removed: z.number().int(),
  batches: z.number().int(),
  totalBatches: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

/** The result of a 'graph.publish' job (and of `graphwright publish`). */
export const PublishResult = z.object({
  pushed: z.number().int(),
  removed: z.number().int(),
  batches: z.number().int(),
  graph: z.string(),
  endpoint: z.string(),
  target: z.number().int(),
  run: z.number().int(),
  /** Triples the remote graph holds from this database now. */
  published: z.number().int(),
  unchanged: z.number().int(),
  protocol: PublishProtocol,
});
export type PublishResult = z.infer<typeof PublishResult>;

/**
 * The 'graph.publish' job kind. Its params are what publish.start takes, with the target resolved
 * by the handler (auth, protocol and Graph Store URL as given or as the target records them);
 * checked on enqueue, an unknown key (a password handed in by mistake) is dropped, never stored.
 * Its JobInfo is what publish.start answers and the jobs calls give.
 */
export const publishJob = defineJobKind('graph.publish', { params: PublishStartInput, result: PublishResult });
const PublishJobInfo = publishJob.info;

export const PublishTarget = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  graph: z.string(),
  auth: PublishAuth,
  username: z.string().nullable(),
  options: z.record(z.string(), z.unknown()),
  protocol: PublishProtocol,
  graphStore: z.string().nullable(),
  /** Triples the remote graph holds from this database. */
  published: z.number().int(),
  lastRun: PublishRun.nullable(),
});
export type PublishTarget = z.infer<typeof PublishTarget>;

export const PublishCheck = z.object({
  graph: z.string(),
  endpoint: z.string(),
  local: z.number().int(),
  remote: z.number().int(),
  published: z.number().int(),
  pending: z.object({ add: z.number().int(), remove: z.number().int() }),
  sample: z.number().int(),
  missing: z.array(z.string()),
  equal: z.boolean(),
});
export type PublishCheck = z.infer<typeof PublishCheck>;

/** What a pull brought in: an import's tallies, for a named graph instead of a file. */
export const PullResult = z.object({
  graph: z.string(),
  endpoint: z.string(),
  triples: z.number().int(),
  /** One Graph Store GET, or paged SPARQL (the default, and when a capped GET came back short). */
  read: z.enum(['graph-store', 'sparql']),
  ...ImportResult.omit({ format: true }).shape,
});
export type PullResult = z.infer<typeof PullResult>;

/** The SPARQL that selects a cited triple in the named graph last published to (core: publish/query.ts). */
export const CitationQuery = z.object({
  triple: z.number().int(),
  /** The statement's IRI in the published graph. */
  edge: z.string(),
  sparql: z.string(),
  /** Whether that graph holds the triple (false: not in the published selection, or changed since). */
  published: z.boolean(),
});
export type CitationQuery = z.infer<typeof CitationQuery>;

const PublishCitations = z.object({
  /** Null when this database has published nowhere yet. */
  target: z.object({ id: z.number().int(), endpoint: z.string(), graph: z.string() }).nullable(),
  queries: z.array(CitationQuery),
});
type PublishCitations = z.infer<typeof PublishCitations>;

/** Where passwords of SPARQL targets come from in this host. Never the passwords themselves. */
const PublishSecrets = z.object({
  /** This host can keep passwords in the OS keychain (the desktop app, with a keychain available). */
  keychain: z.boolean(),
  /** The keychain backend in use (Linux: gnome_libsecret, kwallet...), when known. */
  backend: z.string().nullable(),
  /** GRAPHWRIGHT_SPARQL_PASSWORD is set (used for any target without a stored password). */
  environment: z.boolean(),
  /** The logins that have a stored password. */
  stored: z.array(z.object({ endpoint: z.string(), username: z.string() })),
});
type PublishSecrets = z.infer<typeof PublishSecrets>;

const PublishSecretInput = z.object({
  endpoint: HttpUrl,
  username: z.string().min(1).max(256),
  /** Null clears the stored password. */
  password: z.string().min(1).max(4096).nullable(),
});
type PublishSecretInput = z.infer<typeof PublishSecretInput>;

/**
 * The SPARQL passwords: a sub-area of publish (api/publish.ts answers them in the core, where the
 * host keeps no passwords; the Electron main process answers them in its place, with the OS keychain).
 */
export const publishSecretCalls = {
  'publish.secrets': defineCall({
    input: z.object({}),
    output: PublishSecrets,
    summary: 'Where SPARQL passwords come from here (keychain, environment) and which logins have one stored; never a password',
  }),
  'publish.secret.set': defineCall({
    input: PublishSecretInput,
    output: z.object({ stored: z.boolean() }),
    summary: 'Store (or, with null, clear) the password of a SPARQL login in the OS keychain; desktop app only, never read back',
  }),
};

export const publishCalls = {
  'publish.targets': defineCall({
    input: z.object({}),
    output: z.array(PublishTarget),
    summary: 'SPARQL publish targets of this database, with what each holds and its last run',
  }),
  'publish.start': defineCall({
    input: PublishStartInput,
    output: z.object({ job: PublishJobInfo }),
    summary: 'Publish the graph into a named graph of a SPARQL store as a job (incremental after the first load; resumable, cancellable)',
  }),
  'publish.check': defineCall({
    input: PublishTargetInput.extend({ sample: z.number().int().min(0).max(1000).optional() }),
    output: PublishCheck,
    summary: 'Compare the local graph with a published named graph: counts, pending changes, a sample of triples',
  }),
  'publish.citations': defineCall({
    input: z.object({ triples: z.array(z.number().int().positive()).min(1).max(500) }),
    output: PublishCitations,
    summary: 'The SPARQL that selects each cited triple (statement, status, evidence) in the named graph last published to',
  }),
  ...publishSecretCalls,
  'publish.pull': defineCall({
    input: PublishTargetInput,
    output: PullResult,
    summary: 'Import a named graph from a SPARQL store in one transaction (all or nothing); emits graph.changed',
  }),
};
