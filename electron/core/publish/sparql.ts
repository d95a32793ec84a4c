// A small SPARQL 1.1 Protocol client: queries and updates as form POSTs, and the SPARQL 1.1 Graph
// Store HTTP Protocol (PUT, POST, DELETE, GET on ?graph=IRI), with no auth, HTTP basic or HTTP
// digest (RFC 7616, MD5 with qop=auth, as Virtuoso's /sparql-auth and /sparql-graph-crud-auth ask for).
// Every failure is a PublishError naming the endpoint.
import { createHash, randomBytes } from 'node:crypto';

export type AuthKind = 'none' | 'basic' | 'digest';

export interface Endpoint {
  url: string;
  auth: AuthKind;
  username?: string | null;
  /** Never stored: from the OS keychain or an environment variable, handed in by the caller. */
  password?: string | null;
  /** Per-request limit (default 120 s). */
  timeoutMs?: number;
  /** A SPARQL Protocol endpoint (the default) or a Graph Store HTTP Protocol endpoint: only for messages. */
  kind?: 'sparql' | 'graph-store';
}

export class PublishError extends Error {
  constructor(
    message: string,
    readonly endpoint: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PublishError';
  }
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

function parseChallenge(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of header.replace(/^Digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) out[m[1].toLowerCase()] = m[2] ?? m[3];
  return out;
}

export class SparqlClient {
  private digest: { challenge: Record<string, string>; nc: number } | null = null;

  constructor(readonly endpoint: Endpoint) {
    const u = safeUrl(endpoint.url);
    if (!u || !/^https?:$/.test(u.protocol)) throw new PublishError(`not an http(s) SPARQL endpoint: ${endpoint.url}`, endpoint.url);
    if (endpoint.auth !== 'none' && !endpoint.username) throw new PublishError(`${endpoint.auth} auth needs a user name for ${endpoint.url}`, endpoint.url);
    if (endpoint.auth !== 'none' && endpoint.password == null)
      throw new PublishError(`${endpoint.auth} auth needs a password for ${endpoint.url} (set GRAPHWRIGHT_SPARQL_PASSWORD)`, endpoint.url);
  }

  get url(): string {
    return this.endpoint.url;
  }

  private authorization(method: string, uri: string): string | null {
    const { auth, username, password } = this.endpoint;
    if (auth === 'basic') return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    if (auth !== 'digest' || !this.digest) return null;
    const c = this.digest.challenge;
    const nc = (++this.digest.nc).toString(16).padStart(8, '0');
    const cnonce = randomBytes(8).toString('hex');
    const ha1 = md5(`${username}:${c.realm}:${password}`);
    const ha2 = md5(`${method}:${uri}`);
    const qop = c.qop
      ? c.qop
          .split(',')
          .map((s) => s.trim())
          .find((q) => q === 'auth')
      : undefined;
    const response = qop ? md5(`${ha1}:${c.nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : md5(`${ha1}:${c.nonce}:${ha2}`);
    const parts = [`username="${username}"`, `realm="${c.realm}"`, `nonce="${c.nonce}"`, `uri="${uri}"`, `response="${response}"`, 'algorithm=MD5'];
    if (c.opaque) parts.push(`opaque="${c.opaque}"`);
    if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce="${cnonce}"`);
    return `Digest ${parts.join(', ')}`;
  }

  /** What this client talks to, in messages: a SPARQL endpoint or a Graph Store endpoint. */
  private get what(): string {
    return `${this.endpoint.kind === 'graph-store' ? 'Graph Store endpoint' : 'SPARQL endpoint'} ${this.endpoint.url}`;
  }

  /** POST a form (query= or update=) and return the response. */
  private post(form: Record<string, string>, accept: string, signal?: AbortSignal): Promise<Response> {
    return this.request(
      'POST',
      this.endpoint.url,
      { body: new URLSearchParams(form).toString(), contentType: 'application/x-www-form-urlencoded; charset=utf-8', accept },
      signal,
    );
  }

  /**
   * One HTTP request with this endpoint's auth; retries once on a digest challenge (and once on a
   * stale nonce). `allow` lists statuses other than 2xx that are answers, not failures (a Graph
   * Store's 404 for a graph that does not exist).
   */
  private async request(
    method: string,
    url: string,
    o: { body?: string; contentType?: string; accept: string; allow?: number[] },
    signal?: AbortSignal,
  ): Promise<Response> {
    const u = new URL(url);
    const uri = u.pathname + u.search;
    for (let attempt = 0; attempt < 3; attempt++) {
      const sentDigest = this.endpoint.auth === 'digest' && this.digest !== null;
      const headers: Record<string, string> = { accept: o.accept };
      if (o.contentType) headers['content-type'] = o.contentType;
      const a = this.authorization(method, uri);
      if (a) headers.authorization = a;
      let res: Response;
      const timeout = AbortSignal.timeout(this.endpoint.timeoutMs ?? 120_000);
      try {
        res = await fetch(url, { method, headers, body: o.body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      } catch (err) {
        if (signal?.aborted) throw err;
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        throw new PublishError(`cannot reach ${this.what}: ${cause?.code ?? cause?.message ?? (err as Error).message}`, this.endpoint.url);
      }
      if (res.status === 401) {
        const www = res.headers.get('www-authenticate') ?? '';
        await res.text().catch(() => '');
        // A first challenge, or a nonce the server let expire: answer it (once each).
        if (this.endpoint.auth === 'digest' && /^Digest/i.test(www) && attempt < 2 && (!sentDigest || /stale="?true/i.test(www))) {
          this.digest = { challenge: parseChallenge(www), nc: 0 };
          continue;
        }
        throw new PublishError(
          this.endpoint.auth === 'none'
            ? `${this.what} asks for a login (HTTP 401); give --user and GRAPHWRIGHT_SPARQL_PASSWORD`
            : `${this.what} refused the login of ${JSON.stringify(this.endpoint.username)} (HTTP 401): wrong user name or password`,
          this.endpoint.url,
          401,
        );
      }
      if (!res.ok && !o.allow?.includes(res.status)) {
        const body = (await res.text().catch(() => ''))
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 300);
        throw new PublishError(`${this.what} answered HTTP ${res.status} to ${method}${body ? `: ${body}` : ''}`, this.endpoint.url, res.status);
      }
      return res;
    }
    throw new PublishError(`${this.what} refused the login (HTTP 401)`, this.endpoint.url, 401);
  }

  /** The Graph Store URL of a named graph (indirect identification: ?graph=IRI, SPARQL 1.1 GSP §4.2). */
  graphUrl(graph: string): string {
    const u = new URL(this.endpoint.url);
    u.searchParams.set('graph', graph);
    return u.toString();
  }

  /** Graph Store PUT: the named graph becomes exactly these N-Triples. */
  async putGraph(graph: string, ntriples: string, signal?: AbortSignal): Promise<void> {
    await (
      await this.request('PUT', this.graphUrl(graph), { body: ntriples, contentType: 'application/n-triples; charset=utf-8', accept: '*/*' }, signal)
    ).text();
  }

  /** Graph Store POST: merge these N-Triples into the named graph (created if missing). */
  async postGraph(graph: string, ntriples: string, signal?: AbortSignal): Promise<void> {
    await (
      await this.request('POST', this.graphUrl(graph), { body: ntriples, contentType: 'application/n-triples; charset=utf-8', accept: '*/*' }, signal)
    ).text();
  }

  /** Graph Store DELETE of the named graph; false when there was none (HTTP 404). */
  async deleteGraph(graph: string, signal?: AbortSignal): Promise<boolean> {
    const res = await this.request('DELETE', this.graphUrl(graph), { accept: '*/*', allow: [404] }, signal);
    await res.text();
    return res.status !== 404;
  }

  /** Graph Store GET of the named graph as N-Triples (or Turtle); null when it does not exist (HTTP 404). */
  async getGraph(graph: string, signal?: AbortSignal): Promise<{ text: string; mediaType: string } | null> {
    const res = await this.request('GET', this.graphUrl(graph), { accept: 'application/n-triples, text/turtle;q=0.8', allow: [404] }, signal);
    const text = await res.text();
    if (res.status === 404) return null;
    return { text, mediaType: (res.headers.get('content-type') ?? 'application/n-triples').split(';')[0].trim() };
  }

  async update(text: string, signal?: AbortSignal): Promise<void> {
    const res = await this.post({ update: text }, '*/*', signal);
    await res.text();
  }

  async select(query: string, signal?: AbortSignal): Promise<Record<string, { type: string; value: string; datatype?: string }>[]> {
    const res = await this.post({ query }, 'application/sparql-results+json', signal);
    const text = await res.text();
    try {
      return (JSON.parse(text) as { results: { bindings: Record<string, { type: string; value: string }>[] } }).results.bindings;
    } catch {
      throw new PublishError(`SPARQL endpoint ${this.endpoint.url} did not answer a SELECT with SPARQL JSON results: ${text.slice(0, 200)}`, this.endpoint.url);
    }
  }

  async ask(query: string, signal?: AbortSignal): Promise<boolean> {
    const res = await this.post({ query }, 'application/sparql-results+json', signal);
    const text = await res.text();
    try {
      return Boolean((JSON.parse(text) as { boolean: boolean }).boolean);
    } catch {
      throw new PublishError(`SPARQL endpoint ${this.endpoint.url} did not answer an ASK with SPARQL JSON results: ${text.slice(0, 200)}`, this.endpoint.url);
    }
  }

  /** A CONSTRUCT as N-Triples (or Turtle, which the caller's parser also reads): the text and its media type. */
  async construct(query: string, signal?: AbortSignal): Promise<{ text: string; mediaType: string }> {
    const res = await this.post({ query }, 'application/n-triples, text/turtle;q=0.8', signal);
    return { text: await res.text(), mediaType: (res.headers.get('content-type') ?? 'application/n-triples').split(';')[0].trim() };
  }
}

function safeUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    // not a URL: the caller reports it
    return null;
  }
}
