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

export interface HostOptions {
  port?: number;
  /** Folder of the built renderer (vite build output). */
  staticDir?: string;
  /** Fixed token (tests); random otherwise. */
  token?: string;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
}

export interface RunningHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unknown_call: 404,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  unsupported: 501,
  failed: 422,
  internal: 500,
};

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The same policy as the Electron window's: no remote content, no inline script. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

function tokensEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

function sendError(res: http.ServerResponse, error: ApiErrorShape): void {
  sendJson(res, STATUS[error.code] ?? 500, { ok: false, error });
}

function refusedPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Graphwright — access refused</title></head>
<body style="font-family:system-ui;max-width:40rem;margin:4rem auto;color:#222">
<h1>Access refused</h1>
<p>This Graphwright host only answers the address it printed when it started, which carries a secret token.</p>
<p>Open the URL shown by <code>graphwright serve</code> (or <code>npm start</code>) in the terminal.</p>
</body></html>`;
}

export async function startHost(core: Core, options: HostOptions = {}): Promise<RunningHost> {
  const token = options.token ?? crypto.randomBytes(24).toString('base64url');
  const maxBody = options.maxBodyBytes ?? 300 * 1024 * 1024; // room for a 256 MB base64 upload plus its JSON
  const staticDir = options.staticDir ? path.resolve(options.staticDir) : undefined;
  const clients = new Set<http.ServerResponse>();
  let port = 0;

  const unsubscribe = core.bus.onAny((name, payload) => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const c of clients) c.write(frame);
  });

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) sendError(res, { code: 'internal', message: (err as Error).message });
      else res.end();
    });
  });

  function authorized(req: http.IncomingMessage, url: URL): boolean {
    const header = req.headers[transport.tokenHeader];
    const given = (typeof header === 'string' ? header : undefined) ?? url.searchParams.get(transport.tokenQuery) ?? '';
    return given !== '' && tokensEqual(given, token);
  }

  /** Refuse other hosts' names (DNS rebinding) and cross-site origins. */
  function sameOrigin(req: http.IncomingMessage): boolean {
    const allowed = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
    if (!req.headers.host || !allowed.has(req.headers.host)) return false;
    const origin = req.headers.origin;
    if (origin && origin !== 'null' && !allowed.has(origin.replace(/^https?:\/\//, ''))) return false;
    return true;
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > maxBody) throw Object.assign(new Error(`request body over ${maxBody} bytes`), { code: 'too_large' });
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (!sameOrigin(req)) {
      sendError(res, { code: 'unauthorized', message: 'request refused: wrong host or origin' });
      return;
    }

    if (url.pathname.startsWith('/api/')) {
      if (!authorized(req, url)) {
        sendError(res, { code: 'unauthorized', message: 'missing or wrong token: open the URL printed by graphwright serve' });
        return;
      }
      if (url.pathname === transport.httpEventsPath && req.method === 'GET') {
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
      const prefix = '/api/call/';
      if (url.pathname.startsWith(prefix)) {
        if (req.method !== 'POST') {
          sendError(res, { code: 'bad_request', message: 'calls are POST requests' });
          return;
        }
        const name = decodeURIComponent(url.pathname.slice(prefix.length));
        if (!Object.prototype.hasOwnProperty.call(calls, name)) {
          sendError(res, { code: 'unknown_call', message: `unknown call: ${name}` });
          return;
        }
        let raw: unknown;
        try {
          const text = await readBody(req);
          raw = text.trim() ? JSON.parse(text) : {};
        } catch (err) {
          const tooLarge = (err as { code?: string }).code === 'too_large';
          sendError(res, { code: 'bad_request', message: tooLarge ? (err as Error).message : `body is not JSON: ${(err as Error).message}` });
          return;
        }
        const result = await core.call(name as CallName, raw);
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

  function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    const isPage = url.pathname === '/' || url.pathname === '/index.html';
    if (isPage && !authorized(req, url)) {
      res.writeHead(401, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CONTENT_SECURITY_POLICY });
      res.end(refusedPage());
      return;
    }
    if (!staticDir) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('the renderer is not built: run npm run build:renderer');
      return;
    }
    const rel = isPage ? 'index.html' : decodeURIComponent(url.pathname).replace(/^\/+/, '');
    const file = path.resolve(staticDir, rel);
    if (!file.startsWith(staticDir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': isPage ? 'no-store' : 'public, max-age=3600',
    });
    if (req.method === 'HEAD') res.end();
    else fs.createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?${transport.tokenQuery}=${token}`,
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
