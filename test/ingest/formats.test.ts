// Every format on a real file: generated PDF and DOCX, HTML, Markdown, the RFC texts, the token
// table, CoNLL and BIO-JSON annotations, passage corpora. prepareFile runs the whole pipeline
// (detect, parse, repair, language, chunk) without storing.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import type { NewDocument } from '../../electron/core/store/documents';
import { data, seed, tmpDir } from '../helpers/tmp';
import { makeDocx, makePdf } from './fixtures';

const t = tmpDir('gw-formats-');
afterAll(() => t.cleanup());
const write = (name: string, content: string | Buffer) => {
  const file = path.join(t.dir, name);
  fs.writeFileSync(file, content);
  return file;
};

function expectConsistent(doc: NewDocument) {
  for (const c of doc.chunks) expect(doc.text.slice(c.start, c.end)).toBe(c.text);
  for (const a of doc.annotations ?? []) expect(doc.text.slice(a.start, a.end)).toBe(a.text);
  for (const p of doc.pages) expect(p.end).toBeGreaterThanOrEqual(p.start);
}

describe('PDF (pdfjs-dist legacy build)', () => {
  it('keeps pages, joins wrapped lines and hyphenation, drops running headers and footers', async () => {
    const page = (n: number, body: string[]) => ['Journal of Graph Tests, Vol. 3', '', ...body, '', `Graphwright test paper    Page ${n}`];
    const file = write(
      'paper.pdf',
      makePdf(
        [
          page(1, [
            '1. Introduction',
            '',
            'The Extensible Authentication Protocol is a frame-',
            'work for network access authenti-',
            'cation that supports multiple methods.',
          ]),
          page(2, ['2. Key Hierarchy', '', 'The Master Session Key is at least sixty-four octets', 'long and is never shared with a third party.']),
          page(3, ['3. Security', '', 'Channel bindings prevent the lying NAS problem.']),
          page(4, ['4. Conclusion', '', 'Keys are derived per session.']),
        ],
        { title: 'EAP Key Management Framework' },
      ),
    );
    const prepared = await prepareFile(file, { chunkSize: 150 });
    expect(prepared.format).toBe('pdf');
    const doc = prepared.docs[0];
    expectConsistent(doc);
    expect(doc.title).toBe('EAP Key Management Framework');
    expect(doc.format).toBe('pdf');
    expect(doc.language).toBe('en');
    expect(doc.text).toContain('The Extensible Authentication Protocol is a framework for network access authentication that supports multiple methods.');
    expect(doc.text).not.toContain('Journal of Graph Tests');
    expect(doc.text).not.toContain('Graphwright test paper');
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3, 4]);
    expect(doc.text.slice(doc.pages[1].start, doc.pages[1].end)).toContain('2. Key Hierarchy');
    expect(doc.text.slice(doc.pages[3].start, doc.pages[3].end)).toContain('Keys are derived per session.');
    const keyChunk = doc.chunks.find((c) => c.text.includes('sixty-four'))!;
    expect(keyChunk.page).toBe(2);
    expect(doc.originalText).toContain('Graphwright test paper');
  });
});

describe('DOCX (mammoth)', () => {
  it('keeps headings as heading paths and list items', async () => {
    const doc = (await prepareFile(write('framework.docx', await makeDocx()))).docs[0];
    expectConsistent(doc);
    expect(doc.format).toBe('docx');
    expect(doc.text).toContain('# EAP Key Management');
    expect(doc.text).toContain('## Key Hierarchy');
    expect(doc.text).toMatch(/^- Peer authentication$/m);
    expect(doc.text).toContain('Keying material is exported by EAP methods.');
    const small = await prepareFile(write('framework2.docx', await makeDocx()), { chunkSize: 120 });
    const msk = small.docs[0].chunks.find((c) => c.text.includes('Master Session Key'))!;
    expect(msk.headingPath).toEqual(['EAP Key Management', 'Key Hierarchy']);
  });
});

describe('HTML (html-to-text)', () => {
  it('keeps headings and lists, drops scripts and styles, takes the <title>', async () => {
    const html = `<!doctype html><html><head><title>RADIUS &amp; EAP</title><style>p{color:red}</style></head><body>
      <h1>RADIUS Support</h1><p>RADIUS carries <a href="https://x">EAP</a> messages.</p><script>var secret = 1;</script>
      <h2>Attributes</h2><ul><li>EAP-Message</li><li>Message-Authenticator</li></ul>
      <ol><li>Access-Request</li><li>Access-Challenge</li></ol><p>The end of the page.</p></body></html>`;
    const doc = (await prepareFile(write('page.html', html), { chunkSize: 100 })).docs[0];
    expectConsistent(doc);
    expect(doc.title).toBe('RADIUS & EAP');
    expect(doc.text).toContain('# RADIUS Support');
    expect(doc.text).toMatch(/^- EAP-Message$/m);
    expect(doc.text).toMatch(/^ ?1\. Access-Request$/m);
    expect(doc.text).not.toContain('secret');
    expect(doc.text).not.toContain('color:red');
    const attrs = doc.chunks.find((c) => c.text.includes('Message-Authenticator'))!;
    expect(attrs.headingPath).toEqual(['RADIUS Support', 'Attributes']);
  });

  it('detects HTML from content even when the file is named .txt', async () => {
    const prepared = await prepareFile(write('saved-page.txt', '<!DOCTYPE html><html><body><h1>Title</h1><p>Body text here.</p></body></html>'));
    expect(prepared.format).toBe('html');
  });
});

describe('Markdown and plain text', () => {
  it('joins soft-wrapped Markdown paragraphs, keeps code blocks and lists', async () => {
    const md = '# Notes\n\nThis paragraph is\nwrapped over lines.\n\n```\ncode line 1\ncode line 2\n```\n\n- one\n- two\n';
    const doc = (await prepareFile(write('notes.md', md))).docs[0];
    expect(doc.format).toBe('markdown');
    expect(doc.title).toBe('Notes');
    expect(doc.text).toContain('This paragraph is wrapped over lines.');
    expect(doc.text).toContain('code line 1\ncode line 2');
    expect(doc.text).toContain('- one\n- two');
  });

  it('repairs an RFC: pages split at form feeds, page headers and footers gone, lines joined', async () => {
    const prepared = await prepareFile(data('rfc-radius-eap', 'rfc2867.txt'));
    const doc = prepared.docs[0];
    expectConsistent(doc);
    expect(doc.format).toBe('text');
    expect(doc.language).toBe('en');
    expect(doc.pages.length).toBe(12);
    expect(doc.text).not.toMatch(/\[Page \d+\]/);
    expect(doc.text).not.toMatch(/^RFC 2867 +RADIUS Tunnel Accounting/m);
    expect(doc.text).toContain('This document defines new RADIUS accounting Attributes and new values for the existing Acct-Status-Type Attribute');
    expect(doc.originalText).toContain('[Page 2]');
    const headings = (doc.meta!.headings as { title: string }[]).map((h) => h.title);
    expect(headings).toContain('1.  Introduction');
  });
});

describe('token formats with gold annotations', () => {
  it('rebuilds readable text from the token table of kit sample 000_* (NFKC, punctuation, co., ltd.)', async () => {
    const prepared = await prepareFile(seed('000_d8841f6ce609635c.txt'));
    expect(prepared.format).toBe('token-table');
    const doc = prepared.docs[0];
    expectConsistent(doc);
    // The journal's running header ("hightech and innovation journal vol. 6, no. 2, june, 2025 433"), printed on every page, is gone.
    expect(doc.text.startsWith('available online at www.hightechjournal.org issn: 2723-9535 research on')).toBe(true);
    expect(doc.text).not.toContain('innovation journal vol. 6');
    expect(doc.text).toContain('research on rag-based cognitive large language model');
    expect(doc.text).toContain('china electric power research institute co., ltd., beijing, china.');
    expect(doc.text).toContain('issn: 2723-9535');
    expect(doc.text).not.toMatch(/[\u{1D400}-\u{1D7FF}]/u); // math italic letters became plain
    expect(doc.text.match(/.{20} [,.;:)].{5}/g) ?? []).toEqual([]); // no space before closing punctuation
    expect(doc.language).toBe('en');
  });

  it('reads CoNLL papers as documents with their entities (sci-ner-anlp)', async () => {
    const prepared = await prepareFile(data('sci-ner-anlp', 'annotated_5_papers.conll'));
    expect(prepared.format).toBe('conll');
    expect(prepared.docs.map((d) => d.title)).toEqual([
      '2023.acl-short.69.txt',
      '2023.acl-long.111.txt',
      '2022.naacl-main.59.txt',
      '2022.emnlp-main.11.txt',
      '2022.acl-long.480.txt',
    ]);
    for (const d of prepared.docs) expectConsistent(d);
    const all = prepared.docs.flatMap((d) => d.annotations ?? []);
    const byLabel = Object.fromEntries(
      ['MethodName', 'TaskName', 'MetricName', 'DatasetName', 'HyperparameterValue', 'HyperparameterName', 'MetricValue'].map((l) => [
        l,
        all.filter((a) => a.label === l).length,
      ]),
    );
    expect(byLabel).toEqual({
      MethodName: 232,
      TaskName: 104,
      MetricName: 56,
      DatasetName: 54,
      HyperparameterValue: 38,
      HyperparameterName: 37,
      MetricValue: 14,
    });
    const bert = (await prepareFile(data('sci-ner-anlp', 'bert_official_example.conll'))).docs[0];
    expect(bert.annotations!.slice(0, 2)).toMatchObject([
      { label: 'DatasetName', text: 'MNLI' },
      { label: 'DatasetName', text: 'Multi-Genre Natural Language Inference' },
    ]);
    expect(bert.text).toContain('(Williams et al.');
  });

  it('reads the token and tag arrays of kit sample 003_*, rejoining words broken by hyphens', async () => {
    const prepared = await prepareFile(seed('003_e7e589e032ae6219.txt'));
    expect(prepared.format).toBe('bio-json');
    const doc = prepared.docs[0];
    expectConsistent(doc);
    expect(
      doc.text.startsWith('4.4 Middle-grained Component Constrain After deriving the candidate components according to Section 4.3, the KB-based constraint'),
    ).toBe(true);
    expect(doc.text).toContain('such enumeration is inefficient, since');
    expect(doc.text).toContain('we incorporate the middle-grained component pairs');
    expect(doc.text).toContain('a powerful cognitive vehicle');
    expect(doc.annotations!.length).toBe(65); // one per B- tag
    expect(doc.annotations!.map((a) => a.label)).toContain('MethodName');
    expect(doc.annotations!.find((a) => a.label === 'DatasetName')!.text).toBe('GrailQA');
  });
});

describe('SciERC records', () => {
  it('makes one document per abstract with its entities, relations in meta', async () => {
    const prepared = await prepareFile(data('scierc', 'dev.json'));
    expect(prepared.format).toBe('scierc');
    expect(prepared.docs).toHaveLength(50);
    for (const d of prepared.docs) expectConsistent(d);
    expect(prepared.docs.reduce((n, d) => n + (d.annotations?.length ?? 0), 0)).toBe(811);
    const first = prepared.docs[0];
    expect(first.title).toBe('ICCV_2003_158_abs');
    expect(first.annotations![1]).toMatchObject({ label: 'Task', text: 'computing optical flow, shape, motion, lighting, and albedo' });
    expect((first.meta!.relations as { label: string; head: { text: string } }[])[0]).toMatchObject({ label: 'USED-FOR', head: { text: 'algorithm' } });
  });
});

describe('passage corpora', () => {
  it('makes one passage document per {title, text} record (JSON array)', async () => {
    const prepared = await prepareFile(data('hotpotqa', 'corpus.json'));
    expect(prepared.format).toBe('passages');
    expect(prepared.multi).toBe(true);
    expect(prepared.docs.length).toBe(200);
    const first = prepared.docs[0];
    expect(first.title).toBe('Demon Dice');
    expect(first.format).toBe('passage');
    expect(first.text.startsWith('Demon Dice, originally published as Chaos Progenitus')).toBe(true);
    expect(first.chunks.length).toBe(1);
    expect(new Set(prepared.docs.map((d) => d.contentHash)).size).toBe(200);
  });

  it('reads JSON lines too', async () => {
    const file = write('corpus.jsonl', ['{"title": "A", "text": "Alpha is first."}', '', '{"title": "B", "text": "Beta is second."}'].join('\n'));
    const prepared = await prepareFile(file);
    expect(prepared.docs.map((d) => [d.title, d.text])).toEqual([
      ['A', 'Alpha is first.'],
      ['B', 'Beta is second.'],
    ]);
  });
});
