// Structure through the pipeline: an ingested standard takes its own title, its sections and
// boilerplate are stored, chunks split at sections, extraction reads nothing from boilerplate and
// every triple's provenance carries its clause (CLI triples --json, Review evidence).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { runMain as run } from '../helpers/cli';
import { Core } from '../../electron/core/core';
import { unwrap } from '../../shared/dispatch';
import { isBoilerplate, sectionAt } from '../../electron/core/document/structure';
import { data, tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-structure-');
const db = path.join(t.dir, 'structure.db');
afterEach(() => vi.restoreAllMocks());

interface Prov {
  document: number;
  start: number;
  end: number;
  quote: string;
  section?: string | null;
  heading?: string;
  clause?: string;
}

let triples: { id: number; subject: string; relation: string; object: string; provenance: Prov[] }[] = [];

beforeAll(async () => {
  const ingest = await run(['ingest', data('rfc-radius-eap', 'rfc3580.txt'), data('rfc-radius-eap', 'rfc2867.txt'), '--db', db, '--json', '--quiet']);
  expect(ingest.code, ingest.stderr).toBe(0);
  const extract = await run(['extract', '--db', db, '--engine', 'classic', '--json']);
  expect(extract.code, extract.stderr).toBe(0);
  const listed = await run(['triples', '--db', db, '--json']);
  expect(listed.code, listed.stderr).toBe(0);
  triples = JSON.parse(listed.stdout);
}, 120_000);
afterAll(() => t.cleanup());

describe('document structure through ingest and extraction', () => {
  it("uses the standard's title instead of the file name", async () => {
    const r = await run(['documents', '--db', db, '--json']);
    const docs = JSON.parse(r.stdout) as { title: string; path: string }[];
    expect(docs.map((d) => d.title)).toEqual([
      'RFC 3580: IEEE 802.1X Remote Authentication Dial In User Service (RADIUS) Usage Guidelines',
      'RFC 2867: RADIUS Accounting Modifications for Tunnel Protocol Support',
    ]);
    expect(docs[0].path).toBe(data('rfc-radius-eap', 'rfc3580.txt'));
  });

  it('prints the structure: document --structure --json', async () => {
    const r = await run(['document', '1', '--db', db, '--structure', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const st = JSON.parse(r.stdout);
    expect(st.standard).toMatchObject({ body: 'IETF', id: 'RFC 3580', number: '3580', category: 'Informational', date: 'September 2003' });
    expect(st.sections.find((s: { number: string | null }) => s.number === '3.1')).toMatchObject({ heading: 'User-Name', level: 2 });
    expect(st.boilerplate.map((b: { kind: string }) => b.kind)).toContain('status');
    const plain = await run(['document', '2', '--db', db, '--structure']);
    expect(plain.stdout).toMatch(/^RFC 2867: RADIUS Accounting Modifications for Tunnel Protocol Support\n/);
    expect(plain.stdout).toContain('\n  3.1 Tunnel-Start\t[');
  });

  it('stores the structure: standard, sections, regions; chunks start at section boundaries and carry the section path', async () => {
    const core = new Core({ dbPath: db });
    try {
      const s = core.store.documents.structure(1)!;
      expect(s.standard).toMatchObject({ id: 'RFC 3580', category: 'Informational' });
      expect(s.sections.find((x) => x.number === '3.1')?.heading).toBe('User-Name');
      expect(new Set(s.boilerplate.map((r) => r.kind))).toEqual(
        new Set(['front-matter', 'status', 'copyright', 'toc', 'references', 'ipr', 'acknowledgements', 'authors']),
      );
      const s2 = core.store.documents.structure(2)!;
      expect(s2.standard?.updates).toEqual(['RFC 2866']);
      const text = core.store.documents.text(1)!;
      const chunks = core.store.documents.chunks(1);
      // Each top-level section opens a chunk: no chunk runs from one into the next.
      for (const sec of s.sections.filter((x) => x.level === 1)) {
        expect(
          chunks.some((c) => c.start === sec.start),
          `${sec.number} ${sec.heading}`,
        ).toBe(true);
        expect(chunks.some((c) => c.start < sec.start && c.end > sec.start)).toBe(false);
      }
      // Subsections give the heading path of the chunks inside them.
      const s31 = s.sections.find((x) => x.number === '3.1')!;
      const c31 = chunks.find((c) => c.start <= s31.start && c.end > s31.start)!;
      expect(c31.headingPath[0]).toBe('3.  RADIUS Authentication');
      expect(chunks.some((c) => c.headingPath.join(' > ') === '3.  RADIUS Authentication > 3.17.  Session-Timeout')).toBe(true);
      // The entries of the table of contents are not headings.
      const toc = s.boilerplate.find((r) => r.kind === 'toc')!;
      for (const c of chunks.filter((c) => c.start > toc.start && c.start < toc.end)) expect(c.headingPath).toEqual(['Table of Contents']);
      expect(text.slice(s31.start, s31.start + 14)).toBe('3.1.  User-Nam');
    } finally {
      await core.close();
    }
  });

  it('extracts nothing from boilerplate, and every triple from a section carries its clause', async () => {
    expect(triples.length).toBeGreaterThan(50);
    const core = new Core({ dbPath: db });
    try {
      const structures = new Map([1, 2].map((id) => [id, core.store.documents.structure(id)!]));
      let withClause = 0;
      for (const tr of triples) {
        for (const p of tr.provenance) {
          const st = structures.get(p.document)!;
          // The standards patterns (meta.pattern) read reference lists and headers by their own rule.
          const meta = JSON.parse((core.store.db.prepare('SELECT meta FROM edges WHERE id = ?').get(tr.id) as { meta: string }).meta) as { pattern?: string };
          if (!meta.pattern) expect(isBoilerplate(st, p.start, p.end), `${tr.subject} | ${tr.relation} | ${tr.object}: ${p.quote}`).toBeNull();
          const sec = sectionAt(st, p.start);
          if (!sec) {
            expect(p.clause).toBeUndefined();
            continue;
          }
          withClause++;
          expect(p.section).toBe(sec.number);
          expect(p.heading).toBe(sec.heading);
          expect(p.clause).toBe(`${st.standard!.id} ${sec.number ? `§${sec.number} ` : ''}${sec.heading}`);
        }
      }
      expect(withClause).toBeGreaterThan(50);
      // A triple from section 3.1 of RFC 3580 says so.
      const in31 = triples.flatMap((x) => x.provenance).find((p) => p.document === 1 && p.section === '3.1');
      expect(in31?.clause).toBe('RFC 3580 §3.1 User-Name');
      // Review's evidence panel gets the clause too.
      const tr = triples.find((x) => x.provenance.some((p) => p.document === 1 && p.section === '3.1'))!;
      const ev = unwrap('triples.evidence', await core.call('triples.evidence', { tripleId: tr.id }));
      // Exports carry it too.
      const out = path.join(t.dir, 'csv-out');
      const csv = await run(['export', '--db', db, '--format', 'csv', '--out', out]);
      expect(csv.code, csv.stderr).toBe(0);
      const provCsv = fs.readFileSync(path.join(out, 'provenance.csv'), 'utf8');
      expect(provCsv.split(/\r?\n/)[0]).toBe(
        'edge,node,document_title,document_hash,document_path,document_format,chunk_ordinal,chunk_start,chunk_end,page,start,end,quote,clause,rules',
      );
      expect(provCsv).toContain(',RFC 3580 §3.1 User-Name');
      const nt = path.join(t.dir, 'graph.nt');
      expect((await run(['export', '--db', db, '--format', 'nt', '--out', nt])).code).toBe(0);
      expect(fs.readFileSync(nt, 'utf8')).toMatch(/#clause> "RFC 3580 (?:§|\\u00A7)3\.1 User-Name"/);
      expect(ev.items.some((e) => e.clause?.label === 'RFC 3580 §3.1 User-Name' && e.clause.section === '3.1' && e.clause.heading === 'User-Name')).toBe(true);
    } finally {
      await core.close();
    }
  });
});
