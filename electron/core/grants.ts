// File-system capabilities. A path reaches the core from the UI (the Electron renderer, a browser
// on the headless host) only when it is covered by a grant the trusted side issued: a main-process
// dialog result, a drop, the core's own data folders. The CLI, run by the user, is trusted and keeps
// full paths. See docs/SECURITY.md.
import fs from 'node:fs';
import path from 'node:path';
import type { Handlers } from '../../shared/dispatch';
import { ApiError } from '../../shared/errors';
import { isDir } from './paths';
import type { EndpointGrants } from './endpoints';

/**
 * read: read the file, or any file under the folder. create: make a new file (or folder) at the
 * path, or anywhere under the folder. write: replace an existing file there (an export still asks
 * for `overwrite: true` on top of this).
 */
export type AccessMode = 'read' | 'create' | 'write';

/** Who issued a grant: a native dialog, a drop on the window, the core's own data folders. */
type GrantSource = 'dialog' | 'drop' | 'settings' | 'data';

export interface GrantSpec {
  path: string;
  modes: AccessMode[];
  source: GrantSource;
  /** A folder grant covers everything under it; a file grant only that path. Default: what is on disk (a missing path is a file). */
  folder?: boolean;
  /** Keep it across restarts (a folder the user added for good, source 'settings'). */
  persist?: boolean;
}

/** Where remembered grants are kept (the core: a protected setting). */
interface GrantKeeper {
  load(): unknown;
  save(grants: { path: string; modes: AccessMode[] }[]): void;
}

const MODE_NAMES: readonly AccessMode[] = ['read', 'create', 'write'];

export interface Grant {
  /** The real path (symlinks resolved). */
  path: string;
  folder: boolean;
  modes: ReadonlySet<AccessMode>;
  source: GrantSource;
}

/** Who is calling: the user (CLI, tests, the Electron main process) or a UI whose paths must be granted. */
export type Caller = 'user' | 'renderer';

export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/**
 * The absolute path with every symlink of its existing part resolved: realpath of the deepest
 * existing ancestor plus the (not yet existing) rest. `..` is resolved lexically first, so the
 * result is what the check is made on AND what the handler then uses.
 */
export function realResolve(p: string): string {
  let head = path.resolve(p);
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(head), ...rest.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = path.dirname(head);
      if (parent === head) return path.join(head, ...rest.reverse());
      rest.push(path.basename(head));
      head = parent;
    }
  }
}

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    // the probe itself: the path is not there
    return false;
  }
}

export function forbidden(what: string, given: string): ApiError {
  // The message names the path the caller gave, never anything read from the file system.
  return new ApiError('forbidden', `${what}: ${given} is outside the files and folders you chose (pick it in a dialog, drop it on the window, or upload it)`);
}

export class Grants {
  private readonly grants: Grant[] = [];
  private readonly kept: { path: string; modes: AccessMode[] }[] = [];

  constructor(private readonly keeper?: GrantKeeper) {
    const raw = keeper?.load();
    if (!Array.isArray(raw)) return;
    for (const g of raw as unknown[]) {
      const r = g as { path?: unknown; modes?: unknown };
      if (typeof r?.path !== 'string' || !path.isAbsolute(r.path) || !Array.isArray(r.modes)) continue;
      const modes = r.modes.filter((m): m is AccessMode => MODE_NAMES.includes(m as AccessMode));
      this.kept.push({ path: r.path, modes });
      this.grants.push({ path: r.path, folder: true, modes: new Set(modes), source: 'settings' });
    }
  }

  /** Record a grant; returns it with its real path. */
  add(spec: GrantSpec): Grant {
    const real = realResolve(spec.path);
    const grant: Grant = { path: real, folder: spec.folder ?? isDir(real), modes: new Set(spec.modes), source: spec.persist ? 'settings' : spec.source };
    this.grants.push(grant);
    if (spec.persist && grant.folder && !this.kept.some((k) => k.path === real)) {
      this.kept.push({ path: real, modes: [...spec.modes] });
      this.keeper?.save(this.kept);
    }
    return grant;
  }

  /** Folders the user added for good (Settings), kept across restarts. */
  remembered(): { path: string; modes: AccessMode[] }[] {
    return this.kept.map((k) => ({ path: k.path, modes: [...k.modes] }));
  }

  /** Stop granting a remembered folder (only ever takes access away). */
  forget(p: string): boolean {
    const real = realResolve(p);
    const i = this.kept.findIndex((k) => k.path === real || k.path === path.resolve(p));
    if (i < 0) return false;
    const gone = this.kept.splice(i, 1)[0].path;
    for (let j = this.grants.length - 1; j >= 0; j--) if (this.grants[j].source === 'settings' && this.grants[j].path === gone) this.grants.splice(j, 1);
    this.keeper?.save(this.kept);
    return true;
  }

  list(): readonly Grant[] {
    return this.grants;
  }

  /** The grant covering a real path in a mode, if any. */
  covering(real: string, mode: AccessMode): Grant | undefined {
    return this.grants.find((g) => g.modes.has(mode) && (real === g.path || (g.folder && isInside(real, g.path))));
  }

  /**
   * Check `p` for `mode` and return the real path the handler must use; throws ApiError('forbidden').
   * `also` are extra folders or files readable for this call (the model folders for a model path).
   */
  check(p: string, mode: AccessMode, what: string, also: readonly string[] = []): string {
    const real = resolveOrForbid(p, what);
    if (this.allows(real, mode, also)) return real;
    throw forbidden(what, p);
  }

  /** Check a path a call will write: 'write' when something is there already, else 'create'. */
  checkWrite(p: string, what: string): string {
    const real = resolveOrForbid(p, what);
    if (this.allows(real, exists(real) ? 'write' : 'create')) return real;
    // the path given, never the real one: a symlink's target is read from disk
    throw forbidden(what, p);
  }

  private allows(real: string, mode: AccessMode, also: readonly string[] = []): boolean {
    if (this.covering(real, mode)) return true;
    for (const a of also) {
      let r: string;
      try {
        r = realResolve(a);
      } catch {
        // an extra location that does not resolve grants nothing
        continue;
      }
      if (real === r || isInside(real, r)) return true;
    }
    return false;
  }
}

function resolveOrForbid(p: string, what: string): string {
  try {
    return realResolve(p);
  } catch {
    throw forbidden(what, p);
  }
}

/**
 * Input fields that are not file-system paths although their names say so: the dialog's folder
 * switch, a download's file name (a bare name, joined to a checked folder), and models.remove
 * (drops a path from the list, touches no file), documents.folders.forget (only takes access away).
 */
export const PATH_LIKE_BUT_SAFE: Record<string, string[]> = {
  'dialog.openFiles': ['folders'],
  'models.download': ['fileName'],
  'models.remove': ['path'],
  'documents.folders.forget': ['path'],
  'graph.import': ['files'],
};

/** The setting that keeps remembered grants (under security.*, which no renderer reads or writes). */
export const GRANTS_SETTING = 'security.grants';

/** Settings only the trusted side reads or writes: model paths and choices (with API keys), grants. */
const PROTECTED_SETTINGS = /^(models|security)\./;

interface GuardContext {
  grants: Grants;
  /** Where data may be sent (endpoints.ts). */
  endpoints: EndpointGrants;
  /** URLs the app itself offers for download (its recommended models): no grant needed. */
  recommendedDownloads?(): string[];
  /** Folders and files models may be read from without a grant (the model list's folders and files). */
  modelLocations(): string[];
}

/** The calls guardHandlers checks (filled when it runs; a test holds every path field of the contract to it). */
export const GUARDED_CALLS: (keyof Handlers)[] = [];

/** The calls whose endpoints guardHandlers checks (a test holds every URL field of the contract to it). */
export const ENDPOINT_GUARDED_CALLS: (keyof Handlers)[] = [];

/** Input fields that name a URL but send nothing there: a password's key (publish.secret.set), a grant taken away (endpoints.revoke). */
export const URL_LIKE_BUT_SAFE: Record<string, string[]> = {
  'publish.secret.set': ['endpoint'],
  'endpoints.revoke': ['url'],
  'dialog.grantEndpoint': ['url'],
};

type Wrapped = { [N in keyof Handlers]?: (handler: NonNullable<Handlers[N]>) => Handlers[N] };

/**
 * The handlers an untrusted caller gets: the same handlers, with every path in the input checked
 * against the grants (and replaced by its real path) before any handler touches the file system.
 */
export function guardHandlers(handlers: Partial<Handlers>, ctx: GuardContext): Partial<Handlers> {
  const { grants, endpoints } = ctx;
  const model = (p: string, what: string) => grants.check(p, 'read', what, ctx.modelLocations());
  /** An endpoint named by the caller must be granted (nothing is sent otherwise); undefined and null name none. */
  const endpoint = (url: string | null | undefined, what: string) => {
    if (url !== undefined && url !== null) endpoints.check(url, what);
  };
  const wrap: Wrapped = {
    'documents.ingest': (h) => (input) => h({ ...input, paths: input.paths.map((p) => grants.check(p, 'read', 'documents.ingest')) }),
    'graph.import': (h) => (input) => h(input.path !== undefined ? { ...input, path: grants.check(input.path, 'read', 'graph.import') } : input),
    'graph.export': (h) => (input) => h(input.path !== undefined ? { ...input, path: grants.checkWrite(input.path, 'graph.export') } : input),
    'schema.types.import': (h) => (input) => h(input.path !== undefined ? { ...input, path: grants.check(input.path, 'read', 'schema.types.import') } : input),
    'schema.types.export': (h) => (input) => h(input.path !== undefined ? { ...input, path: grants.checkWrite(input.path, 'schema.types.export') } : input),
    'models.info': (h) => (input) => h({ ...input, path: model(input.path, 'models.info') }),
    'models.add': (h) => (input) => h({ ...input, path: model(input.path, 'models.add') }),
    'models.choose': (h) => (input) => {
      endpoint(input.endpoint?.baseUrl, 'models.choose');
      return h(typeof input.path === 'string' ? { ...input, path: model(input.path, 'models.choose') } : input);
    },
    'models.download': (h) => (input) => {
      if (!(ctx.recommendedDownloads?.() ?? []).includes(input.url)) endpoint(input.url, 'models.download');
      return h(input.folder !== undefined ? { ...input, folder: grants.check(input.folder, 'create', 'models.download') } : input);
    },
    'extract.start': (h) => (input) => {
      endpoint(input.endpoint, 'extract.start');
      return h(input.engine === 'llama' && input.model ? { ...input, model: model(input.model, 'extract.start') } : input);
    },
    'concepts.start': (h) => (input) => {
      endpoint(input.endpoint, 'concepts.start');
      return h(input.engine === 'llama' && input.model ? { ...input, model: model(input.model, 'concepts.start') } : input);
    },
    'eval.gold.import': (h) => (input) => h({ ...input, path: grants.check(input.path, 'read', 'eval.gold.import') }),
    'eval.run.start': (h) => (input) => {
      endpoint(input.endpoint, 'eval.run.start');
      return h(input.engine === 'llama' && input.model ? { ...input, model: model(input.model, 'eval.run.start') } : input);
    },
    'publish.start': (h) => (input) => {
      endpoint(input.endpoint, 'publish.start');
      endpoint(input.graphStore, 'publish.start');
      return h(input);
    },
    'publish.check': (h) => (input) => {
      endpoint(input.endpoint, 'publish.check');
      endpoint(input.graphStore, 'publish.check');
      return h(input);
    },
    'publish.pull': (h) => (input) => {
      endpoint(input.endpoint, 'publish.pull');
      endpoint(input.graphStore, 'publish.pull');
      return h(input);
    },
    'endpoints.grant': () => () => {
      throw new ApiError(
        'forbidden',
        'endpoints.grant: only the app itself grants endpoints (Settings › Endpoints in the desktop app; graphwright serve --grant-endpoint URL)',
      );
    },
    'settings.get': (h) => (input) => {
      if (PROTECTED_SETTINGS.test(input.key)) throw new ApiError('forbidden', `settings.get: ${input.key} is kept by the app (use the models.* calls)`);
      return h(input);
    },
    'settings.set': (h) => (input) => {
      if (PROTECTED_SETTINGS.test(input.key)) throw new ApiError('forbidden', `settings.set: ${input.key} is kept by the app (use the models.* calls)`);
      return h(input);
    },
  };
  GUARDED_CALLS.push(...(Object.keys(wrap) as (keyof Handlers)[]).filter((n) => !GUARDED_CALLS.includes(n)));
  const checksEndpoints: (keyof Handlers)[] = [
    'models.choose',
    'models.download',
    'extract.start',
    'concepts.start',
    'eval.run.start',
    'publish.start',
    'publish.check',
    'publish.pull',
    'endpoints.grant',
  ];
  ENDPOINT_GUARDED_CALLS.push(...checksEndpoints.filter((n) => !ENDPOINT_GUARDED_CALLS.includes(n)));
  const out: Record<string, unknown> = { ...handlers };
  for (const [name, w] of Object.entries(wrap) as [keyof Handlers, (h: unknown) => unknown][]) {
    const h = handlers[name];
    if (h) out[name] = w(h);
  }
  return out as Partial<Handlers>;
}
