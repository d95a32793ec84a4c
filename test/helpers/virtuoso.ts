// A real Virtuoso Open Source for the publish tests: one server per test file, from a temporary
// folder with its own virtuoso.ini (every database file in that folder, free ports), anonymous
// SPARQL update granted, stopped by its PID at the end. Without virtuoso-t installed the publish
// tests fail with the command that installs it (never a silent skip that would hide a failure).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { tmpDir } from './tmp';

const SYSTEM_INI = '/etc/virtuoso-opensource-7/virtuoso.ini';

function onPath(bin: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).status === 0;
}

/** Throws, naming the install command, when this machine has no Virtuoso to test against. */
export function requireVirtuoso(): void {
  const ok = onPath('virtuoso-t') && onPath('isql-vt') && fs.existsSync(SYSTEM_INI);
  if (!ok) throw new Error('the publish tests need a real Virtuoso: DEBIAN_FRONTEND=noninteractive apt-get install -y virtuoso-opensource');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The system ini with every [Database]/[TempDatabase] file moved into `dir` and the two ports changed. */
function writeIni(dir: string, sqlPort: number, httpPort: number): string {
  const files: Record<string, Record<string, string>> = {
    database: { databasefile: 'db.db', errorlogfile: 'db.log', lockfile: 'db.lck', transactionfile: 'db.trx', xa_persistent_file: 'db.pxa' },
    tempdatabase: { databasefile: 'temp.db', errorlogfile: 'temp.log', lockfile: 'temp.lck', transactionfile: 'temp.trx', xa_persistent_file: 'temp.pxa' },
  };
  let section = '';
  const out = fs
    .readFileSync(SYSTEM_INI, 'utf8')
    .split('\n')
    .map((line) => {
      const sec = /^\s*\[([^\]]+)\]/.exec(line);
      if (sec) {
        section = sec[1].trim().toLowerCase();
        return line;
      }
      const kv = /^\s*([A-Za-z_]+)\s*=/.exec(line);
      if (!kv) return line;
      const k = kv[1].toLowerCase();
      const moved = files[section]?.[k];
      if (moved) return `${kv[1]} = ${path.join(dir, moved)}`;
      if (k === 'serverport' && section === 'parameters') return `ServerPort = ${sqlPort}`;
      if (k === 'serverport' && section === 'httpserver') return `ServerPort = 127.0.0.1:${httpPort}`;
      if (k === 'dirsallowed') return `DirsAllowed = ., ${dir}, /usr/share/virtuoso-opensource-7/vad`;
      return line;
    });
  const ini = path.join(dir, 'virtuoso.ini');
  fs.writeFileSync(ini, out.join('\n'));
  return ini;
}

export interface Virtuoso {
  /** The SPARQL endpoint (anonymous read and, for this test store, anonymous update). */
  sparql: string;
  /** The digest-authenticated endpoint (user dba, password dba). */
  sparqlAuth: string;
  httpPort: number;
  stop(): Promise<void>;
}

export async function startVirtuoso(): Promise<Virtuoso> {
  requireVirtuoso();
  const t = tmpDir('gw-virtuoso-');
  const sqlPort = await freePort();
  const httpPort = await freePort();
  const ini = writeIni(t.dir, sqlPort, httpPort);
  const proc: ChildProcess = spawn('virtuoso-t', ['-f', '-c', ini], { cwd: t.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`virtuoso did not come up in 90 s:\n${log.slice(-2000)}`)), 90_000);
    const onData = (b: Buffer) => {
      log += b.toString();
      if (log.includes('HTTP/WebDAV server online')) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`virtuoso exited with ${code}:\n${log.slice(-2000)}`));
    });
  });
  const stop = async () => {
    if (proc.exitCode === null && proc.pid) {
      const exited = new Promise((r) => proc.once('exit', r));
      process.kill(proc.pid, 'SIGTERM');
      const timer = setTimeout(() => proc.pid && proc.exitCode === null && process.kill(proc.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    t.cleanup();
  };
  try {
    await ready;
    const grant = spawnSync(
      'isql-vt',
      [String(sqlPort), 'dba', 'dba', `exec=GRANT SPARQL_UPDATE TO "SPARQL"; DB.DBA.RDF_DEFAULT_USER_PERMS_SET ('nobody', 7);`],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (grant.status !== 0) throw new Error(`isql-vt grant failed: ${grant.stdout}${grant.stderr}`);
  } catch (err) {
    await stop();
    throw err;
  }
  const base = `http://127.0.0.1:${httpPort}`;
  return { sparql: `${base}/sparql`, sparqlAuth: `${base}/sparql-auth`, httpPort, stop };
}
