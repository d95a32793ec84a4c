// The headless host: the contract over HTTP (POST per call, server-sent events), plus the built
// renderer, on 127.0.0.1 only, behind a random per-start token.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Core } from '../core';
import { calls, transport, type CallName } from '../../../shared/contract';
import type { ApiErrorShape, ErrorCode } from '../../../shared/errors';
import { isInside, realResolve } from '../grants';
import { log } from '../log';

/** Where a browser's file exports go, and the path under /api that serves them back as downloads. */
const EXPORTS_FOLDER = 'exports';
const DOWNLOAD_PREFIX = '/api/download/';

interface HostOptions {
  port?: number;
  /**
   * A port to try first (the one this database was served on last time): when something else
   * holds it, the host listens on a free port instead. Ignored when port is given and non-zero.
   */
  preferredPort?: number;
  /** Folder of the built renderer (vite build output). */
  staticDir?: string;
  /** Fixed token (tests); random otherwise. */
  token?: string;
  /** Largest request body accepted, in bytes (checked from Content-Length and while streaming). */
  maxBodyBytes?: number;
}

export interface RunningHost {
  url: string;
  port: number;
  token: string;
  /**
   * Serve another core (another database) from now on, on the same port and token: calls and
   * events go to it, open tabs stay connected. The caller closes the old core.
   */
  swap(next: Core): void;
  close(): Promise<void>;
}

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unknown_call: 404,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported: 501,
  too_large: 413,
  failed: 422,
  internal: 500,
};

/** Content types of the files a renderer build emits; the Electron shell's app:// handler serves the same. */
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function mimeType(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The same policy as the Electron window's: no remote content, no inline script. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/** Headers every response carries: API JSON, the event stream, errors, pages and files. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** Default largest request body: room for a documents.upload at its base64 limit plus its JSON. */
const DEFAULT_MAX_BODY_BYTES = 300 * 1024 * 1024;

class BodyTooLarge extends Error {}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

function sendError(res: http.ServerResponse, error: ApiErrorShape, headers: Record<string, string> = {}): void {
  sendJson(res, STATUS[error.code] ?? 500, { ok: false, error }, headers);
}

function decodePath(p: string): string | null {
  try {
    return decodeURIComponent(p);
  } catch {
    return null; // malformed percent-encoding
  }
}

function refusedPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Graphwright — access refused</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;color:#222">
<h1>Access refused</h1>
<p>This Graphwright host only answers the address it printed when it started, which carries a secret token.</p>
<p>Open the URL shown by <code>graphwright serve</code> (or <code>npm start</code>) in the terminal.</p>
</body></html>`;
}

export async function startHost(first: Core, options: HostOptions = {}): Promise<RunningHost> {
  let core = first;
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const staticDir = options.staticDir ? path.resolve(options.staticDir) : undefined;
  const clients = new Set<http.ServerResponse>();
  let port = 0;

  const subscribe = (c: Core) =>
    c.bus.onAny((name, payload) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
      for (const client of clients) client.write(frame);
    });
  let unsubscribe = subscribe(core);

  const server = http.createServer((req, res) => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendError(res, { code: 'internal', message: (err as Error).message });
      else res.end();
    });
  });

  /**
   * The token comes in the header. In the query string it is accepted only where a browser cannot
   * set a header: the page load and the event stream (EventSource); the renderer then keeps it in
   * memory and sends the header on every call.
   */
  function authorized(req: http.IncomingMessage, url: URL, queryAllowed: boolean): boolean {
    const header = req.headers[transport.tokenHeader];
    const given = (typeof header === 'string' ? header : undefined) ?? (queryAllowed ? url.searchParams.get(transport.tokenQuery) : null) ?? '';
    return given !== '' && tokensEqual(given, token);
  }

  /** Refuse other hosts' names (DNS rebinding) and cross-site origins. */
  function sameOrigin(req: http.IncomingMessage): boolean {
    const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    if (!req.headers.host || !allowed.has(req.headers.host)) return false;
    // A sandboxed frame, a file: page or a redirect sends Origin: null: never ours.
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.has(origin.replace(/^http:\/\//, ''))) return false;
    return true;
  }

  /** The body, refused (before reading it, or as soon as it passes the limit) when over maxBody. */
  async function readBody(req: http.IncomingMessage): Promise<string> {
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > maxBody) throw new BodyTooLarge(`request body of ${declared} bytes is over the limit of ${maxBody} bytes`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBody) {
        chunks.length = 0; // let go of what was read
        throw new BodyTooLarge(`request body is over the limit of ${maxBody} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Answer 413 and close the connection: the rest of the body is never read. */
  function refuseBody(req: http.IncomingMessage, res: http.ServerResponse, message: string): void {
    // Taken now: once the response finishes Node may already have detached (nulled) req.socket.
    const socket = req.socket ?? res.socket;
    req.pause();
    sendError(res, { code: 'too_large', message }, { connection: 'close' });
    res.once('finish', () => setImmediate(() => socket?.destroy()));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    } catch {
      sendError(res, { code: 'bad_request', message: 'malformed request URL' });
      return;
    }
    if (!sameOrigin(req)) {
      sendError(res, { code: 'unauthorized', message: 'request refused: wrong host or origin' });
      return;
    }

    if (url.pathname.startsWith('/api/')) {
      const events = url.pathname === transport.httpEventsPath && req.method === 'GET';
      if (!authorized(req, url, events)) {
        sendError(res, { code: 'unauthorized', message: 'missing or wrong token: open the URL printed by graphwright serve' });
        return;
      }
      if (events) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        res.write(': connected\n\n');
        clients.add(res);
        const ping = setInterval(() => res.write(': ping\n\n'), 15000);
        req.on('close', () => {
          clearInterval(ping);
          clients.delete(res);
        });
        return;
      }
      if (url.pathname.startsWith(DOWNLOAD_PREFIX) && (req.method === 'GET' || req.method === 'HEAD')) {
        serveDownload(req, res, url.pathname.slice(DOWNLOAD_PREFIX.length));
        return;
      }
      const prefix = '/api/call/';
      if (url.pathname.startsWith(prefix)) {
        if (req.method !== 'POST') {
          sendError(res, { code: 'bad_request', message: 'calls are POST requests' });
          return;
        }
        const name = decodePath(url.pathname.slice(prefix.length));
        if (name === null) {
          sendError(res, { code: 'bad_request', message: 'malformed percent-encoding in the call name' });
          return;
        }
        if (!Object.prototype.hasOwnProperty.call(calls, name)) {
          sendError(res, { code: 'unknown_call', message: `unknown call: ${name}` });
          return;
        }
        let raw: unknown;
        try {
          const text = await readBody(req);
          raw = text.trim() ? JSON.parse(text) : {};
        } catch (err) {
          if (err instanceof BodyTooLarge) refuseBody(req, res, `${name}: ${err.message}`);
          else sendError(res, { code: 'bad_request', message: `body is not JSON: ${(err as Error).message}` });
          return;
        }
        // A browser is an untrusted caller: its paths must be covered by a grant (electron/core/grants.ts).
        const result = await core.call(name as CallName, raw, 'renderer');
        if (result.ok) sendJson(res, 200, result);
        else sendError(res, result.error);
        return;
      }
      sendError(res, { code: 'not_found', message: `no route ${url.pathname}` });
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, { code: 'bad_request', message: 'method not allowed' });
      return;
    }
    serveStatic(req, res, url);
  }

  /**
   * A download: a file the core wrote in its data folder's exports/ (a large export, as a job),
   * named relative to that folder. Nothing else on disk is reachable here.
   */
  function serveDownload(req: http.IncomingMessage, res: http.ServerResponse, encoded: string): void {
    const rel = decodePath(encoded);
    if (rel === null) {
      sendError(res, { code: 'bad_request', message: 'malformed percent-encoding in the file name' });
      return;
    }
    const root = realResolve(path.join(core.dataDir, EXPORTS_FOLDER));
    let file: string;
    try {
      file = realResolve(path.join(root, rel));
    } catch {
      // no such export: '' is outside the folder and answered as not found below
      file = '';
    }
    if (!file || !isInside(file, root) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      sendError(res, { code: 'not_found', message: `no export ${rel}` });
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': String(fs.statSync(file).size),
      'content-disposition': `attachment; filename="${path.basename(file).replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  }

  function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    const isPage = url.pathname === '/' || url.pathname === '/index.html';
    if (isPage && !authorized(req, url, true)) {
      res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
      res.end(refusedPage());
      return;
    }
    const decoded = isPage ? 'index.html' : decodePath(url.pathname);
    if (decoded === null) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('malformed percent-encoding in the URL');
      return;
    }
    if (!staticDir) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('the renderer is not built: run npm run build:renderer');
      return;
    }
    const rel = decoded.replace(/^\/+/, '');
    const file = path.resolve(staticDir, rel);
    if (!file.startsWith(staticDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': mimeType(file),
      'cache-control': isPage ? 'no-store' : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  }

  const listen = (p: number) =>
    new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      server.once('error', onError);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', onError);
        resolve();
      });
    });
  const wanted = options.port ?? 0;
  if (wanted === 0 && options.preferredPort) {
    try {
      await listen(options.preferredPort);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (err as NodeJS.ErrnoException).code !== 'EACCES') throw err;
      await listen(0);
    }
  } else await listen(wanted);
  port = (server.address() as AddressInfo).port;
  // never the token: the log may be sent to support
  log.info('host', `listening on http://127.0.0.1:${port} for ${core.dbPath}${staticDir ? ` (serving ${staticDir})` : ''}`);

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?${transport.tokenQuery}=${token}`,
    swap(next) {
      if (next === core) return;
      unsubscribe();
      core = next;
      unsubscribe = subscribe(next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const c of clients) c.end();
        clients.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
