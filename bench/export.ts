// Export and import of a generated graph (1 M edges by default) in every format: seconds and peak
// RSS, each run in its own process so the peak belongs to that run alone.
//   npm run bench -- export                      all formats, 1 M edges
//   GRAPHWRIGHT_BENCH_EDGES=100000 GRAPHWRIGHT_BENCH_FORMATS=ttl,csv npm run bench -- export
// Timings are wall-clock: on shared cores they measure the neighbours too.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Store } from '../electron/core/store';
import { BulkGraphWriter } from '../electron/core/store/bulk';
import { runExport } from '../electron/core/export';
import { isFolderFormat } from '../electron/core/export/formats';
import { importGraph } from '../electron/core/import';
import { FileTarget } from '../electron/core/export/out';
import { openExportSnapshot } from '../electron/core/store/export';
import type { ExportFormat, ImportFormat } from '../shared/contract/export';

const FORMATS: ExportFormat[] = ['nt', 'ttl', 'jsonld', 'graphml', 'csv', 'neo4j-csv', 'cyjs', 'cypher'];

function rssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

function sizeOf(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  return st.isDirectory() ? fs.readdirSync(p).reduce((n, f) => n + sizeOf(path.join(p, f)), 0) : st.size;
}

/** A graph of `edges` triples: edges/4 entities, 40 relations, every status, evidence on 1 in 10 triples, a small concept layer. */
function generate(file: string, edges: number): void {
  const store = Store.open(file);
  const chunkLen = 200;
  const chunks = 1000;
  const text = Array.from({ length: chunks }, (_, i) => `Chunk ${i}: `.padEnd(chunkLen, 'lorem ipsum dolor sit amet ')).join('');
  const docId = store.documents.insert({
    title: 'Generated corpus',
    sourcePath: null,
    format: 'txt',
    language: 'en',
    pages: [],
    contentHash: 'bench-corpus',
    text,
    originalText: null,
    chunks: Array.from({ length: chunks }, (_, i) => ({
      ordinal: i,
      start: i * chunkLen,
      end: (i + 1) * chunkLen,
      page: Math.floor(i / 10) + 1,
      headingPath: [],
      text: text.slice(i * chunkLen, (i + 1) * chunkLen),
      hash: `c${i}`,
    })),
  });
  const chunkIds = store.documents.chunks(docId).map((c) => c.id);
  const nodes = Math.max(2, Math.floor(edges / 4));
  const statuses = ['accepted', 'accepted', 'proposed', 'rejected'] as const;
  BulkGraphWriter.load(store.db, (bulk) => {
    const ids: number[] = [];
    for (let i = 0; i < nodes; i++)
      ids.push(bulk.node({ kind: i % 10 === 0 ? 'event' : 'entity', label: `Node ${i}`, type: i % 3 === 0 ? 'Person' : null }).id);
    const concepts: number[] = [];
    for (let i = 0; i < 100; i++) concepts.push(bulk.node({ kind: 'concept', label: `concept ${i}` }).id);
    for (let i = 0; i < Math.min(nodes, 10_000); i++) bulk.conceptLink({ conceptId: concepts[i % 100], nodeId: ids[i] });
    let made = 0;
    for (let k = 1; made < edges; k++) {
      for (let i = 0; i < nodes && made < edges; i++) {
        const s = ids[i];
        const o = ids[(i * 7 + k * 13) % nodes];
        if (s === o) continue;
        const r = bulk.edge({
          subjectId: s,
          relation: `relation ${(i + k) % 40}`,
          objectId: o,
          stage: 'EE',
          status: statuses[made % 4],
          confidence: (made % 100) / 100,
          engine: 'classic',
        });
        if (!r.created) continue;
        if (made % 10 === 0) {
          const c = made % chunks;
          const start = c * chunkLen + 3;
          bulk.provenance({ edgeId: r.id, documentId: docId, chunkId: chunkIds[c], start, end: start + 20, quote: text.slice(start, start + 20) });
        }
        made++;
      }
    }
  });
  store.close();
}

function worker(): void {
  const [, , , mode, format, db, out] = process.argv;
  const t0 = performance.now();
  const done = (extra: Record<string, unknown>) => {
    process.stdout.write(`${JSON.stringify({ seconds: (performance.now() - t0) / 1000, rssMb: rssMb(), ...extra })}\n`);
  };
  if (mode === 'export') {
    const snap = openExportSnapshot(db);
    runExport(snap.db, format as ExportFormat, {}, new FileTarget(out, isFolderFormat(format)))
      .then(() => {
        snap.close();
        done({ bytes: sizeOf(out) });
      })
      .catch((err) => {
        console.error(err);
        process.exit(1);
      });
  } else {
    const store = Store.open(db);
    importGraph(store.db, format as ImportFormat, out)
      .then((r) => {
        store.close();
        done({ edges: r.edges.created });
      })
      .catch((err) => {
        console.error(err);
        process.exit(1);
      });
  }
}

function runWorker(args: string[]): { seconds: number; rssMb: number; bytes?: number; edges?: number } | string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--worker', ...args], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) return `failed: ${(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}`;
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

function main(): void {
  const edges = Number(process.env.GRAPHWRIGHT_BENCH_EDGES ?? 1_000_000);
  const formats = (process.env.GRAPHWRIGHT_BENCH_FORMATS?.split(',') as ExportFormat[] | undefined) ?? FORMATS;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-bench-export-'));
  try {
    // GRAPHWRIGHT_BENCH_DB=FILE: generate there once and reuse it on later runs.
    const keep = process.env.GRAPHWRIGHT_BENCH_DB;
    const db = keep ? path.resolve(keep) : path.join(dir, 'source.db');
    let t0 = performance.now();
    if (!keep || !fs.existsSync(db)) {
      generate(db, edges);
      console.log(`generated ${edges} edges in ${((performance.now() - t0) / 1000).toFixed(1)} s (${(sizeOf(db) / 1e6).toFixed(0)} MB database)`);
    } else console.log(`reusing ${db}`);
    console.log('format      export s   export MB RSS   file MB   import s   import MB RSS   imported edges');
    const figures: Record<string, unknown>[] = [];
    for (const f of formats) {
      const out = path.join(dir, `out.${f}`);
      const ex = runWorker(['export', f, db, out]);
      let im: ReturnType<typeof runWorker> | string = '(export failed)';
      if (typeof ex !== 'string') {
        t0 = performance.now();
        im = runWorker(['import', f, path.join(dir, `import-${f}.db`), out]);
        fs.rmSync(path.join(dir, `import-${f}.db`), { force: true });
      }
      const e = typeof ex === 'string' ? null : ex;
      const i = typeof im === 'string' ? null : im;
      figures.push({ format: f, export: e ?? String(ex), import: i ?? String(im) });
      console.log(
        [
          f.padEnd(10),
          (e ? e.seconds.toFixed(1) : ex).toString().padStart(9),
          (e ? String(e.rssMb) : '').padStart(15),
          (e ? (e.bytes! / 1e6).toFixed(0) : '').padStart(9),
          (i ? i.seconds.toFixed(1) : String(im)).padStart(10),
          (i ? String(i.rssMb) : '').padStart(15),
          (i ? String(i.edges) : '').padStart(16),
        ].join(' '),
      );
      fs.rmSync(out, { recursive: true, force: true });
    }
    if (process.env.GRAPHWRIGHT_BENCH_JSON) fs.writeFileSync(process.env.GRAPHWRIGHT_BENCH_JSON, JSON.stringify({ edges, formats: figures }, null, 2));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--worker') worker();
else main();
