// Pure security parts of the Electron shell: who may call, what may load, which headers go out.
import { describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY as HOST_CSP } from '../../electron/core/host/server';
import {
  CONTENT_SECURITY_POLICY,
  RENDERER_ENTRY_URL,
  isAllowedNavigation,
  isExternalLink,
  openExternalAfterAsking,
  isTrustedRendererUrl,
  mimeType,
  resolveRendererFile,
  WEB_PREFERENCES,
  withSecurityHeaders,
} from '../../electron/shell/security';
import { createRouter } from '../../electron/shell/router';
import { coreFailureHelp } from '../../electron/shell/messages';
import type { CallResult } from '../../shared/dispatch';

const ours = { url: 'app://renderer/index.html', topLevel: true };

describe("the window's web preferences", () => {
  it('sandboxed and isolated, no Node, and no spellchecker (it would fetch dictionaries from a CDN)', () => {
    expect(WEB_PREFERENCES).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, spellcheck: false });
  });
});

describe('sender and navigation checks', () => {
  it('trusts only the renderer origin', () => {
    expect(isTrustedRendererUrl(RENDERER_ENTRY_URL)).toBe(true);
    expect(isTrustedRendererUrl('app://renderer/assets/x.js#y?z')).toBe(true);
    for (const url of [
      'app://other/index.html',
      'app://renderer.evil/index.html',
      'https://renderer/index.html',
      'file:///work/main/dist/renderer/index.html',
      'http://127.0.0.1:5173/',
      'app://user:pw@renderer/index.html',
      'about:blank',
      'devtools://devtools/bundled/inspector.html',
      '',
      null,
      undefined,
      'not a url',
    ]) {
      expect(isTrustedRendererUrl(url), String(url)).toBe(false);
    }
  });

  it('allows extra origins only when given', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/x', ['http://localhost:5173'])).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5174/x', ['http://localhost:5173'])).toBe(false);
  });

  it('blocks navigation away from the renderer; only web and mail links open outside', () => {
    expect(isAllowedNavigation('app://renderer/index.html#/graph')).toBe(true);
    expect(isAllowedNavigation('https://example.org/')).toBe(false);
    expect(isExternalLink('https://example.org/doc')).toBe(true);
    expect(isExternalLink('mailto:someone@example.org')).toBe(true);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'app://renderer/x', 'smb://host/share', 'ms-msdt:/id', 'https://u:p@example.org']) {
      expect(isExternalLink(url), url).toBe(false);
    }
  });

  it('opens a link from document text only after the user agreed, and never a non-web one', async () => {
    const opened: string[] = [];
    const open = (u: string) => void opened.push(u);
    expect(await openExternalAfterAsking('https://example.org/a', async () => false, open)).toBe(false);
    expect(await openExternalAfterAsking('https://example.org/b', async () => true, open)).toBe(true);
    let asked = 0;
    expect(await openExternalAfterAsking('file:///etc/passwd', async () => (asked++, true), open)).toBe(false);
    expect(asked).toBe(0);
    expect(opened).toEqual(['https://example.org/b']);
  });
});

describe('renderer files', () => {
  const root = path.resolve('/srv/app/dist/renderer');
  it('maps app:// URLs into the renderer folder', () => {
    expect(resolveRendererFile(root, 'app://renderer/')).toBe(path.join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://renderer/index.html?x=1')).toBe(path.join(root, 'index.html'));
    expect(resolveRendererFile(root, 'app://renderer/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'));
    expect(resolveRendererFile(root, 'app://renderer/graph/view')).toBe(path.join(root, 'index.html')); // client-side route
    expect(resolveRendererFile(root, 'app://renderer/assets/a%20b.css')).toBe(path.join(root, 'assets', 'a b.css'));
  });

  it('never leaves the folder nor serves another host', () => {
    for (const url of [
      'app://renderer/../../../etc/passwd',
      'app://renderer/%2e%2e/%2e%2e/secret.txt',
      'app://renderer/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.db',
      'app://renderer/..%5c..%5csecret.db',
      'app://other/index.html',
      'file:///srv/app/dist/renderer/index.html',
      'app://renderer/%00.js',
      'app://renderer/%E0%A4%A.js',
    ]) {
      const file = resolveRendererFile(root, url);
      expect(file === null || file.startsWith(root + path.sep), `${url} -> ${file}`).toBe(true);
      if (file) expect(path.relative(root, file).startsWith('..')).toBe(false);
    }
    expect(resolveRendererFile(root, 'app://other/index.html')).toBeNull();
  });

  it('knows the MIME types a vite build emits', () => {
    expect(mimeType('a.js')).toMatch(/javascript/);
    expect(mimeType('a.css')).toMatch(/css/);
    expect(mimeType('a.html')).toMatch(/html/);
    expect(mimeType('a.woff2')).toBe('font/woff2');
    expect(mimeType('a.unknown')).toBe('application/octet-stream');
  });
});

describe('content security policy', () => {
  it('is the headless host policy, strict', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(HOST_CSP);
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'self'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/object-src 'none'/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
  });

  it('replaces any CSP a response carries', () => {
    const out = withSecurityHeaders({ 'content-security-policy': ['default-src *'], 'Content-Type': 'text/html', 'X-Content-Type-Options': ['sniff'] });
    expect(out['Content-Security-Policy']).toEqual([HOST_CSP]);
    expect(out['content-security-policy']).toBeUndefined();
    expect(out['Content-Type']).toEqual(['text/html']);
    expect(out['X-Content-Type-Options']).toEqual(['nosniff']);
    expect(withSecurityHeaders(undefined)['Content-Security-Policy']).toEqual([HOST_CSP]);
  });
});

describe('IPC router', () => {
  function router(mainHandlers = {}) {
    const forward = vi.fn(async (name: string, input: unknown): Promise<CallResult> => ({ ok: true, value: { forwarded: name, input } }));
    return { route: createRouter({ mainHandlers, forward }), forward };
  }

  it('refuses calls from other frames and origins before anything else', async () => {
    const { route, forward } = router();
    for (const sender of [
      { url: 'https://evil.example/', topLevel: true },
      { url: 'app://renderer/index.html', topLevel: false },
      { url: null, topLevel: true },
    ]) {
      const r = await route(sender, 'app.info', {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('unauthorized');
    }
    expect(forward).not.toHaveBeenCalled();
  });

  it('validates through the contract before forwarding', async () => {
    const { route, forward } = router();
    const bad = await route(ours, 'jobs.get', { id: -1 });
    expect(!bad.ok && bad.error.code).toBe('bad_request');
    const unknown = await route(ours, 'fs.readFile', { path: '/etc/passwd' });
    expect(!unknown.ok && unknown.error.code).toBe('unknown_call');
    const proto = await route(ours, '__proto__', {});
    expect(!proto.ok && proto.error.code).toBe('unknown_call');
    expect(forward).not.toHaveBeenCalled();

    const good = await route(ours, 'jobs.list', { limit: 5 });
    expect(good).toEqual({ ok: true, value: { forwarded: 'jobs.list', input: { limit: 5 } } });
    const noInput = await route(ours, 'app.info', undefined);
    expect(noInput).toEqual({ ok: true, value: { forwarded: 'app.info', input: {} } });
  });

  it('answers shell calls in main, with their output checked', async () => {
    const openFiles = vi.fn(async () => ({ canceled: false, paths: ['/home/u/a.pdf'] }));
    const saveFile = vi.fn(async () => ({ canceled: true, path: 'not-null-is-invalid-here' as unknown as null, extra: 1 }));
    const { route, forward } = router({ 'dialog.openFiles': openFiles, 'dialog.saveFile': saveFile });
    expect(await route(ours, 'dialog.openFiles', { folders: true })).toEqual({ ok: true, value: { canceled: false, paths: ['/home/u/a.pdf'] } });
    expect(openFiles).toHaveBeenCalledWith({ folders: true, multiple: true, remember: false });
    const bad = await route(ours, 'dialog.saveFile', { defaultName: '../../x' });
    expect(!bad.ok && bad.error.code).toBe('bad_request');
    expect(forward).not.toHaveBeenCalled();
  });

  it('a forward that throws becomes an internal error', async () => {
    const route = createRouter({ mainHandlers: {}, forward: async () => Promise.reject(new Error('pipe broke')) });
    expect(await route(ours, 'app.info', {})).toEqual({ ok: false, error: { code: 'internal', message: 'pipe broke' } });
  });
});

describe('start-up failure help', () => {
  it('explains the better-sqlite3 ABI mismatch', () => {
    expect(coreFailureHelp('was compiled against a different Node.js version using NODE_MODULE_VERSION 115')).toMatch(/better-sqlite3 is built for plain Node/);
    expect(coreFailureHelp('disk full')).toBe('disk full');
  });
});
