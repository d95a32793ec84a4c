// Network capabilities: where the core may send data for an untrusted caller (the Electron renderer,
// a browser on the headless host). Extraction and conceptualisation through an OpenAI-compatible
// endpoint send chunk text, publishing sends the graph, a model download contacts a URL: an
// untrusted caller may only name an endpoint the trusted side granted — the desktop app's own
// dialog, the CLI's arguments (`serve --grant-endpoint URL`, `graphwright endpoints grant URL`).
// The CLI, run by the user, names any endpoint. See docs/SECURITY.md.
import { ApiError } from '../../shared/errors';
import type { EndpointGrant, EndpointSource } from '../../shared/contract/endpoints';

/** The setting that keeps the endpoints granted for good (under security.*, which no renderer reads or writes). */
export const ENDPOINT_GRANTS_SETTING = 'security.endpoints';

/** Where endpoints granted for good are kept (the core: a protected setting, read on every check). */
interface EndpointKeeper {
  load(): unknown;
  save(urls: string[]): void;
}

/**
 * The origin (scheme, host, port) a grant covers and a request goes to, or null for anything but an
 * http(s) URL. A grant covers its whole origin: what reaches a server is decided per server.
 */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // not a URL: no origin, never granted
    return null;
  }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
}

export class EndpointGrants {
  /** Granted for this session (`serve --grant-endpoint`, a dialog answer not kept). */
  private readonly session: string[] = [];

  /** `also`: endpoints allowed without a grant of their own (those chosen for a model role, which only a trusted caller or a granted endpoint can set). */
  constructor(
    private readonly keeper?: EndpointKeeper,
    private readonly also: () => { url: string; source: EndpointSource }[] = () => [],
  ) {}

  private kept(): string[] {
    const raw = this.keeper?.load();
    return Array.isArray(raw) ? raw.filter((u): u is string => typeof u === 'string' && originOf(u) !== null) : [];
  }

  /** Grant an endpoint (an http(s) URL): for good (`remember`, kept in the database) or for this session. */
  grant(url: string, options: { remember: boolean }): EndpointGrant {
    const origin = originOf(url);
    if (!origin) throw new ApiError('bad_request', `an endpoint is an http(s) URL, got ${JSON.stringify(url)}`);
    if (/^[a-z]+:\/\/[^/]*@/i.test(url))
      throw new ApiError('bad_request', `give the endpoint without a user name or password (${origin}); a password is kept apart`);
    if (options.remember) {
      const kept = this.kept();
      if (!kept.includes(url)) this.keeper?.save([...kept, url]);
    } else if (!this.session.includes(url)) this.session.push(url);
    return { url, origin, source: options.remember ? 'settings' : 'session' };
  }

  /** Take an endpoint's grants away (kept and session ones; by its URL or its origin). */
  revoke(url: string): boolean {
    const origin = originOf(url);
    const matches = (u: string) => u === url || (origin !== null && originOf(u) === origin);
    const kept = this.kept();
    const left = kept.filter((u) => !matches(u));
    if (left.length !== kept.length) this.keeper?.save(left);
    const before = this.session.length;
    for (let i = this.session.length - 1; i >= 0; i--) if (matches(this.session[i])) this.session.splice(i, 1);
    return left.length !== kept.length || this.session.length !== before;
  }

  list(): EndpointGrant[] {
    const all = [
      ...this.kept().map((url) => ({ url, source: 'settings' as const })),
      ...this.session.map((url) => ({ url, source: 'session' as const })),
      ...this.also(),
    ];
    return all.flatMap((g) => {
      const origin = originOf(g.url);
      return origin ? [{ url: g.url, origin, source: g.source }] : [];
    });
  }

  /** Whether a request to this URL is covered by a grant. */
  allows(url: string): boolean {
    const origin = originOf(url);
    return origin !== null && this.list().some((g) => g.origin === origin);
  }

  /** Check a URL an untrusted caller named; throws ApiError('forbidden') before anything is sent. */
  check(url: string, what: string): void {
    if (this.allows(url)) return;
    throw new ApiError(
      'forbidden',
      `${what}: ${url} is not an endpoint you allowed, so nothing was sent there. Allow it in Settings › Endpoints (desktop app), ` +
        `or where the host runs: graphwright serve --grant-endpoint URL, or graphwright endpoints grant URL --db FILE`,
    );
  }
}
