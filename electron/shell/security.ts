// Pure security helpers of the shell (no 'electron' import, so they are unit-tested in plain Node).
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, mimeType } from '../core/host/server';

/** The renderer is served from this privileged, standard, secure custom scheme (never file://). */
export const APP_SCHEME = 'app';
const APP_HOST = 'renderer';
export const RENDERER_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const RENDERER_ENTRY_URL = `${RENDERER_ORIGIN}/index.html`;

/**
 * The window's web preferences: sandboxed, isolated, no Node. Spellcheck off: Chromium's
 * spellchecker downloads its dictionaries from Google's CDN on Windows and Linux, a request the
 * user never asked for (main also turns it off for the session).
 */
export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

/** The window's policy and content types are the headless host's, so the two can never drift apart. */
export { CONTENT_SECURITY_POLICY, mimeType };

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    // URL gives 'null' as origin for non-special schemes: build it from protocol and host.
    if (u.username || u.password) return null;
    return `${u.protocol}//${u.host}`;
  } catch {
    // not a URL: no origin, so not trusted
    return null;
  }
}

/**
 * Is this frame URL our renderer? Only our origin (and, in development only, an explicitly
 * configured dev server origin) may call the API.
 */
export function isTrustedRendererUrl(url: string | null | undefined, extraOrigins: readonly string[] = []): boolean {
  const origin = originOf(url);
  if (!origin) return false;
  if (origin === RENDERER_ORIGIN) return true;
  return extraOrigins.some((o) => originOf(o) === origin);
}

/** Navigation inside the window is allowed only within the renderer (in-app URL changes). */
export function isAllowedNavigation(url: string, extraOrigins: readonly string[] = []): boolean {
  return isTrustedRendererUrl(url, extraOrigins);
}

/** Links the user clicks that may open in the system browser (never file:, javascript:, custom schemes). */
export function isExternalLink(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'https:' || u.protocol === 'http:' || u.protocol === 'mailto:') && !u.username && !u.password;
  } catch {
    // not a URL: not opened
    return false;
  }
}

/**
 * Open a link from document text only after the user said yes: text in an ingested document is not
 * the user's, and one click must not hand a crafted URL to the system browser. `ask` shows the URL.
 */
export async function openExternalAfterAsking(
  url: string,
  ask: (url: string) => Promise<boolean>,
  open: (url: string) => Promise<void> | void,
): Promise<boolean> {
  if (!isExternalLink(url)) return false;
  if (!(await ask(url))) return false;
  await open(url);
  return true;
}

/**
 * Map a request URL of our scheme to a file inside the built renderer folder, or null when it
 * names another host or would leave the folder. Paths without an extension fall back to
 * index.html (client-side routes).
 */
export function resolveRendererFile(root: string, requestUrl: string): string | null {
  let u: URL;
  try {
    u = new URL(requestUrl);
  } catch {
    // not a URL: not served
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(u.pathname);
  } catch {
    // malformed percent-encoding: not served
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const base = path.resolve(root);
  let rel = pathname.replace(/^\/+/, '');
  if (rel === '' || !path.extname(rel)) rel = 'index.html';
  const file = path.resolve(base, rel);
  if (!file.startsWith(base + path.sep)) return null;
  return file;
}

/** Response headers with our CSP in place of any other (header names compared case-insensitively). */
export function withSecurityHeaders(headers: Record<string, string | string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(headers ?? {})) {
    const lower = k.toLowerCase();
    if (lower === 'content-security-policy' || lower === 'content-security-policy-report-only' || lower === 'x-content-type-options') continue;
    out[k] = Array.isArray(v) ? v : [v];
  }
  out['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
  out['X-Content-Type-Options'] = ['nosniff'];
  return out;
}
