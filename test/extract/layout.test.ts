// What the layout says is no sentence: a section heading names a section and asserts nothing. The
// document's structure (document/structure.ts) says where the headings are.
import { describe, expect, it } from 'vitest';
import { afterHeading, classicExtract } from '../../electron/core/extract/classic';
import { analyzeStructure } from '../../electron/core/document/structure';
import { rfcText } from './fixtures';

describe('layout read by the classic extractor', () => {
  it('reads no relation from a section heading (RFC 1157 §3.2.6)', () => {
    const text = rfcText('rfc1157.txt');
    const at = text.indexOf('3.2.6.  Form and Meaning of References to Managed Objects');
    expect(at).toBeGreaterThan(0);
    const end = text.indexOf('\n\n', text.indexOf('protocol address:', at));
    const r = classicExtract(text, { start: at, end }, { structure: analyzeStructure(text) });
    // "Form and Meaning of References to Managed Objects" read as "Form | managed | Objects" before
    expect(r.triples.filter((t) => !t.meta?.pattern && t.evidence!.start < text.indexOf('\n', at))).toEqual([]);
  });

  it('cuts a heading off the sentence it opens, and leaves a sentence after it whole', () => {
    const sections = [{ start: 100, headingEnd: 140 }];
    expect(afterHeading({ start: 100, end: 140 }, sections)).toBeNull();
    expect(afterHeading({ start: 100, end: 200 }, sections)).toEqual({ start: 140, end: 200 });
    expect(afterHeading({ start: 150, end: 200 }, sections)).toEqual({ start: 150, end: 200 });
    expect(afterHeading({ start: 10, end: 90 }, sections)).toEqual({ start: 10, end: 90 });
  });
});
