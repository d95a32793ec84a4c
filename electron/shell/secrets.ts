// Passwords of SPARQL publish targets under Electron: encrypted with safeStorage (the OS keychain:
// macOS Keychain, Windows DPAPI, libsecret/KWallet on Linux) in a file of the per-user data folder,
// never in the database file and so never in an export or a copied database. Pure: main.ts hands
// in Electron's safeStorage, the tests a stand-in with the same methods.
//
// Main answers publish.secrets / publish.secret.set (a password goes in once and is never read
// back by the renderer) and pushes the decrypted logins to the core process (protocol 'secrets'),
// whose publish secret resolver looks there first and then at GRAPHWRIGHT_SPARQL_PASSWORD.
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../shared/errors';
import type { CallResult, HandlersOf } from '../../shared/dispatch';
import type { publishSecretCalls } from '../../shared/contract/publish';
// Types only: main must not load the core (its database driver) through this file.
import type { SecretResolver } from '../core/publish/job';

/** The part of Electron's safeStorage used here (the async API; the sync one is deprecated). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  /** Linux only: 'basic_text' means no keychain (a fixed key), which is refused here. */
  getSelectedStorageBackend?(): string;
}

/** One login's password on its way to the core; null removes it. */
export interface SecretEntry {
  endpoint: string;
  username: string;
  password: string | null;
}

export const SECRETS_FILE = 'sparql-secrets.json';
export const PASSWORD_ENV = 'GRAPHWRIGHT_SPARQL_PASSWORD';

interface StoredSecret {
  endpoint: string;
  username: string;
  /** safeStorage's ciphertext, base64. */
  cipher: string;
}

const key = (endpoint: string, username: string) => `${username}\n${endpoint}`;

export function isSecretEntry(e: unknown): e is SecretEntry {
  if (typeof e !== 'object' || e === null) return false;
  const o = e as Record<string, unknown>;
  return (
    typeof o.endpoint === 'string' &&
    o.endpoint.length > 0 &&
    typeof o.username === 'string' &&
    o.username.length > 0 &&
    (o.password === null || typeof o.password === 'string')
  );
}

/** The encrypted passwords file (sparql-secrets.json in the user data folder). */
export class SecretVault {
  constructor(
    readonly file: string,
    private readonly safe: SafeStorageLike,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  /** Whether passwords can be kept: an OS keychain, not Linux's basic_text fallback (a fixed, public key). */
  async available(): Promise<{ keychain: boolean; backend: string | null }> {
    const backend = this.platform === 'linux' ? (this.safe.getSelectedStorageBackend?.() ?? null) : null;
    if (backend === 'basic_text') return { keychain: false, backend };
    return { keychain: await this.safe.isAsyncEncryptionAvailable(), backend };
  }

  private read(): StoredSecret[] {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new Error(`${this.file}: cannot read the stored SPARQL passwords: ${(err as Error).message}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw new Error(`${this.file}: the stored SPARQL passwords are not valid JSON (${(err as Error).message}); delete the file and set the passwords again`);
    }
    const list = (parsed as { secrets?: unknown }).secrets;
    if (!Array.isArray(list) || !list.every((s) => typeof s?.endpoint === 'string' && typeof s?.username === 'string' && typeof s?.cipher === 'string'))
      throw new Error(
        `${this.file}: not a Graphwright passwords file (expected {"version": 1, "secrets": [{endpoint, username, cipher}]}); delete it and set the passwords again`,
      );
    return list as StoredSecret[];
  }

  private write(list: StoredSecret[]): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify({ version: 1, secrets: list }, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }

  /** The logins that have a stored password (nothing decrypted). */
  list(): { endpoint: string; username: string }[] {
    return this.read().map(({ endpoint, username }) => ({ endpoint, username }));
  }

  /** Store (or, with null, remove) a login's password. */
  async set(endpoint: string, username: string, password: string | null): Promise<void> {
    const rest = this.read().filter((s) => key(s.endpoint, s.username) !== key(endpoint, username));
    if (password === null) {
      this.write(rest);
      return;
    }
    if (!(await this.available()).keychain) throw new Error('no OS keychain is available to encrypt the password');
    const cipher = (await this.safe.encryptStringAsync(password)).toString('base64');
    this.write([...rest, { endpoint, username, cipher }]);
  }

  /** Every stored login, decrypted (for the core process); one that no longer decrypts is skipped and named. */
  async entries(): Promise<{ entries: SecretEntry[]; unreadable: string[] }> {
    const entries: SecretEntry[] = [];
    const unreadable: string[] = [];
    for (const s of this.read()) {
      try {
        const { result } = await this.safe.decryptStringAsync(Buffer.from(s.cipher, 'base64'));
        entries.push({ endpoint: s.endpoint, username: s.username, password: result });
      } catch {
        unreadable.push(`${s.username} at ${s.endpoint}`);
      }
    }
    return { entries, unreadable };
  }
}

/**
 * The contract calls main answers with the vault. `push` hands changed logins to the core process;
 * the password itself is never returned to the caller.
 */
export function secretHandlers(
  vault: SecretVault,
  push: (entries: SecretEntry[]) => Promise<CallResult>,
  env: NodeJS.ProcessEnv = process.env,
): HandlersOf<typeof publishSecretCalls> {
  return {
    'publish.secrets': async () => {
      const { keychain, backend } = await vault.available();
      return { keychain, backend, environment: Boolean(env[PASSWORD_ENV]), stored: vault.list() };
    },
    'publish.secret.set': async ({ endpoint, username, password }) => {
      if (password !== null && !(await vault.available()).keychain)
        throw new ApiError(
          'unsupported',
          `no OS keychain is available here (Linux: no Secret Service or KWallet), so the password is not stored: set ${PASSWORD_ENV} in the environment instead`,
        );
      await vault.set(endpoint, username, password);
      const r = await push([{ endpoint, username, password }]);
      if (!r.ok) throw new ApiError('failed', `the password was stored but the core did not take it: ${r.error.message}`);
      return { stored: password !== null };
    },
  };
}

/** The core process's side: the logins main pushed, consulted before GRAPHWRIGHT_SPARQL_PASSWORD. */
export class CoreSecrets {
  private readonly map = new Map<string, string>();

  apply(entries: SecretEntry[]): void {
    for (const e of entries) {
      if (e.password === null) this.map.delete(key(e.endpoint, e.username));
      else this.map.set(key(e.endpoint, e.username), e.password);
    }
  }

  readonly resolve: SecretResolver = (t) => (t.username ? this.map.get(key(t.endpoint, t.username)) : undefined) ?? process.env[PASSWORD_ENV] ?? null;
}
