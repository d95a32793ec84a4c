// The two kit samples (../shared/samples/seeds/) that need repair or detection beyond their format:
// 002_* (a broken one-character-per-line layout) and 001_* (Korean with English terms).
import { describe, expect, it } from 'vitest';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { seed } from '../helpers/tmp';

describe('kit sample 002_*: one or a few characters per line', () => {
  it('is rebuilt into prose with words separated, boilerplate and running headers removed', async () => {
    const prepared = await prepareFile(seed('002_cd2ac7c5e1ba1e29.txt'));
    const doc = prepared.docs[0];
    expect(doc.format).toBe('text');
    const text = doc.text;
    expect(text).toContain('retrieval-augmented generation');
    expect(text).toContain('recursive chunking');
    expect(text).toMatch(/Retrieval-augmented generation \(RAG\) systems promise grounded answers from large language models \(LLMs\)/);
    expect(text).toContain('Results demonstrate that recursive chunking consistently outperforms other approaches across all metrics.');
    expect(text).not.toContain('Spire.PDF');
    expect(text).not.toContain('Evaluation Warning');
    // The running headers of pages 2-10 ("ISSN: 2252-8938 Int J Artif Intell, ...") are gone; page 1 keeps its own.
    expect(text.match(/ISSN/g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(text).not.toMatch(/Int J Art ?if In ?tell/);
    expect(doc.pages.length).toBe(10);
    expect(doc.language).toBe('en');
    // Words per line went from ~1 to prose: few one-letter "words" outside a, I and initials.
    const words = text.split(/\s+/);
    const singles = words.filter((w) => /^[b-hj-z]$/.test(w)).length;
    expect(singles / words.length).toBeLessThan(0.02);
    expect(doc.originalText).toContain('Spire.PDF');
    const headings = (doc.meta!.headings as { title: string }[]).map((h) => h.title);
    expect(headings).toContain('3. EXPERIMENTS');
    for (const c of doc.chunks) expect(text.slice(c.start, c.end)).toBe(c.text);
  });
});

describe('kit sample 001_*: Korean with English terms', () => {
  it('is detected as Korean, keeps its lines, finds its numbered headings', async () => {
    const doc = (await prepareFile(seed('001_68a6067ece94435d.txt'))).docs[0];
    expect(doc.language).toBe('ko');
    expect(doc.text).toContain('본 논문은 사전 정의된 schema가 필요 없는 완전 자율 knowledge graph 구축 프레임워크인 AutoSchemaKG를 제시한다.');
    const headings = (doc.meta!.headings as { title: string }[]).map((h) => h.title);
    expect(headings).toEqual(expect.arrayContaining(['1 Introduction', '5.1 Evaluating AutoSchemaKG', 'B.1.1 Text Preprocessing and Data Organization']));
    const chunk = doc.chunks.find((c) => c.text.includes('기존 KG 구축은'))!;
    expect(chunk.headingPath).toEqual(['1 Introduction']);
  });
});
