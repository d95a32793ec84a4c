// Download a GGUF model over HTTP(S): written to FILE.part, resumed with an HTTP Range request
// from the .part's size, checked (GGUF magic on the first bytes, full header at the end, sha256
// when given), then renamed to FILE. Errors are DownloadError with a message fit for the user.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { hasGgufMagic, readGgufInfo } from './gguf/reader';
import type { DownloadResult } from '../../../shared/contract/models';

type DownloadErrorCode = 'bad_url' | 'http' | 'network' | 'not_gguf' | 'checksum' | 'incomplete' | 'exists' | 'io';

export class DownloadError extends Error {
  constructor(
    readonly code: DownloadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

interface DownloadOptions {
  url: string;
  /** The final file; the download goes to `${dest}.part` first. */
  dest: string;
  /** Expected sha256 (hex) of the whole file. */
  sha256?: string;
  signal?: AbortSignal;
  /** Called as bytes arrive (total is 0 when the server does not say). */
  onProgress?: (done: number, total: number) => void;
  /** Called every few MB with the bytes safely on disk (for a job checkpoint). */
  onCheckpoint?: (done: number, total: number) => void;
  /** Give up when no byte arrives for this long (default 60 s). */
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
}

/** A finished download: the contract's type (shared/contract/models.ts). */
export type { DownloadResult };

/** A URL we can download from, or a DownloadError('bad_url'). */
export function parseDownloadUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    throw new DownloadError('bad_url', `not a valid URL: ${JSON.stringify(url)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new DownloadError('bad_url', `only http and https downloads are supported, got ${u.protocol}//`);
  return u;
}

/** A safe file name for a download: the given one, else the URL's last path segment; always .gguf. */
export function downloadFileName(url: URL, fileName?: string): string {
  let name = fileName ?? '';
  if (!name) {
    const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
    try {
      name = decodeURIComponent(last);
    } catch {
      // not percent-encoded after all: the name as it is
      name = last;
    }
  }
  name = name.trim();
  if (!name || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    if (fileName) throw new DownloadError('bad_url', `not a usable file name: ${JSON.stringify(fileName)}`);
    name = 'model';
  }
  if (!name.toLowerCase().endsWith('.gguf')) name += '.gguf';
  return name;
}

export function partPath(dest: string): string {
  return `${dest}.part`;
}

async function sha256File(file: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20, signal })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await fsp.stat(file)).size;
  } catch {
    // no partial file yet: the download starts from 0
    return 0;
  }
}

function describe(err: unknown): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ? `${e.cause.code}${e.cause.message ? ` (${e.cause.message})` : ''}` : (e.cause?.message ?? e.message ?? String(err));
}

const CHECKPOINT_EVERY = 8 << 20;

/**
 * Download (or resume) `url` into `dest`. Cancelling through `signal` keeps the .part file, so
 * the next call continues where this one stopped. A server that ignores Range starts over.
 */
export async function downloadModel(options: DownloadOptions): Promise<DownloadResult> {
  const url = parseDownloadUrl(options.url);
  const dest = path.resolve(options.dest);
  const part = partPath(dest);
  const fetchFn = options.fetch ?? fetch;
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  if (fs.existsSync(dest)) throw new DownloadError('exists', `${dest} already exists`);
  await fsp.mkdir(path.dirname(dest), { recursive: true });

  let start = await sizeOf(part);
  if (start > 0) {
    // Whatever was kept must still look like a GGUF file.
    const fh = await fsp.open(part, 'r');
    const head = Buffer.alloc(4);
    await fh.read(head, 0, 4, 0);
    await fh.close();
    if (start < 4 || !hasGgufMagic(head)) start = 0;
  }
  const resumedFrom = start;

  const idle = new AbortController();
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => idle.abort(), idleTimeoutMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
  const rethrow = (err: unknown): never => {
    if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : new DOMException('download cancelled', 'AbortError');
    if (idle.signal.aborted)
      throw new DownloadError('network', `the server sent nothing for ${Math.round(idleTimeoutMs / 1000)} s; the download can be resumed`);
    if (err instanceof DownloadError) throw err;
    throw new DownloadError('network', `download from ${url.host} failed: ${describe(err)}; it can be resumed`);
  };

  let res: Response;
  armIdle();
  try {
    res = await fetchFn(url, { headers: start > 0 ? { range: `bytes=${start}-` } : {}, signal, redirect: 'follow' });
  } catch (err) {
    clearTimeout(idleTimer);
    return rethrow(err);
  }

  let total = 0;
  if (start > 0 && res.status === 416) {
    // Nothing left to send: the .part may already be complete.
    const m = /\/(\d+)\s*$/.exec(res.headers.get('content-range') ?? '');
    await res.body?.cancel().catch(() => undefined);
    if (m && Number(m[1]) === start) {
      clearTimeout(idleTimer);
      return finish(part, dest, start, options, resumedFrom);
    }
    start = 0;
    armIdle();
    try {
      res = await fetchFn(url, { signal, redirect: 'follow' });
    } catch (err) {
      clearTimeout(idleTimer);
      return rethrow(err);
    }
  }
  if (!res.ok) {
    clearTimeout(idleTimer);
    await res.body?.cancel().catch(() => undefined);
    const hint = res.status === 401 || res.status === 403 ? ' (the file may need a login or an access token)' : res.status === 404 ? ' (check the URL)' : '';
    throw new DownloadError('http', `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''} from ${url.href}${hint}`);
  }
  if (res.status === 206) {
    const m = /bytes\s+(\d+)-(\d+)\/(\d+|\*)/.exec(res.headers.get('content-range') ?? '');
    if (!m || Number(m[1]) !== start) {
      // A range we did not ask for: start over with a plain request.
      await res.body?.cancel().catch(() => undefined);
      await fsp.rm(part, { force: true });
      clearTimeout(idleTimer);
      return downloadModel(options);
    }
    total = m[3] === '*' ? 0 : Number(m[3]);
  } else {
    start = 0; // 200: the server sends the whole file
    const len = Number(res.headers.get('content-length'));
    total = Number.isFinite(len) && len > 0 ? len : 0;
  }

  const fh = await fsp.open(part, start > 0 ? 'a' : 'w');
  let done = start;
  let lastCheckpoint = start;
  let head: Buffer | null = start > 0 ? null : Buffer.alloc(0);
  const contentType = res.headers.get('content-type') ?? '';
  try {
    options.onProgress?.(done, total);
    const reader = res.body!.getReader();
    for (;;) {
      let chunk: { done: boolean; value?: Uint8Array };
      try {
        chunk = await reader.read();
      } catch (err) {
        return rethrow(err);
      }
      if (chunk.done) break;
      armIdle();
      let bytes: Buffer = Buffer.from(chunk.value!);
      if (head) {
        // Check the magic before writing anything: an HTML error page must not become a .part.
        head = Buffer.concat([head, bytes]);
        if (head.length < 4) continue;
        if (!hasGgufMagic(head)) {
          await reader.cancel().catch(() => undefined);
          const sample = head.subarray(0, 60).toString('utf8').replace(/\s+/g, ' ').trim();
          throw new DownloadError('not_gguf', `${url.href} is not a GGUF file (${contentType || 'unknown type'}, starts with ${JSON.stringify(sample)})`);
        }
        bytes = head;
        head = null;
      }
      await fh.write(bytes);
      done += bytes.length;
      options.onProgress?.(done, total);
      if (done - lastCheckpoint >= CHECKPOINT_EVERY) {
        await fh.datasync();
        lastCheckpoint = done;
        options.onCheckpoint?.(done, total);
      }
      if (options.signal?.aborted) return rethrow(options.signal.reason);
    }
    if (head) throw new DownloadError('not_gguf', `${url.href} is not a GGUF file (only ${head.length} bytes)`);
  } catch (err) {
    clearTimeout(idleTimer);
    await fh.close().catch(() => undefined);
    if (err instanceof DownloadError && err.code === 'not_gguf') await fsp.rm(part, { force: true });
    throw err;
  }
  clearTimeout(idleTimer);
  await fh.sync().catch(() => undefined);
  await fh.close();
  options.onCheckpoint?.(done, total);
  if (total && done < total) throw new DownloadError('incomplete', `the download stopped at ${done} of ${total} bytes; it can be resumed`);
  return finish(part, dest, done, options, resumedFrom);
}

async function finish(part: string, dest: string, size: number, options: DownloadOptions, resumedFrom: number): Promise<DownloadResult> {
  const digest = await sha256File(part, options.signal);
  if (options.sha256 && digest !== options.sha256.toLowerCase()) {
    await fsp.rm(part, { force: true });
    throw new DownloadError(
      'checksum',
      `sha256 mismatch for ${path.basename(dest)}: expected ${options.sha256.toLowerCase()}, got ${digest}; the file was deleted`,
    );
  }
  try {
    await readGgufInfo(part);
  } catch (err) {
    await fsp.rm(part, { force: true });
    throw new DownloadError('not_gguf', `the downloaded file is not a usable GGUF model: ${(err as Error).message}`);
  }
  await fsp.rename(part, dest);
  return { path: dest, sizeBytes: size, sha256: digest, resumedFrom };
}
