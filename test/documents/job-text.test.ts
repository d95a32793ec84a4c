// The Documents view's words for an extraction job's end and a document's extraction status.
import { describe, expect, it } from 'vitest';
import { extractSummaryText, extractionTitle } from '../../renderer/src/features/documents/jobText';
import type { ExtractSummary } from '../../shared/contract/extract';

const summary = (over: Partial<ExtractSummary>): ExtractSummary => ({
  engine: 'classic',
  model: null,
  documents: 1,
  chunks: 12,
  processed: 12,
  skipped: 0,
  triples: { EE: 30, EV: 4, VV: 1 },
  existing: 0,
  failures: 0,
  failedChunks: 0,
  tokens: 0,
  tokensPerSecond: 0,
  seconds: 0.2,
  sentences: 80,
  sentencesPerSecond: 400,
  mentions: 50,
  mergeCandidates: 0,
  ...over,
});

describe('extraction summary line', () => {
  it('says a re-run read nothing because every chunk was already extracted', () => {
    expect(extractSummaryText(summary({ processed: 0, skipped: 12, triples: { EE: 0, EV: 0, VV: 0 } }))).toMatch(/^0 new: all 12 chunks already extracted/);
  });
  it('counts new triples per stage, found-again triples, skipped and failed chunks', () => {
    const text = extractSummaryText(summary({ processed: 5, skipped: 7, existing: 3, failedChunks: 1 }));
    expect(text).toBe(
      '35 new triples from 5 chunks read (EE 30, EV 4, VV 1) · 3 triples found again · 7 chunks already extracted · 1 chunk with failed answers',
    );
  });
  it("names the documents that got nothing, with the CLI's reason", () => {
    const notes = [
      { document: 2, language: 'ko', message: 'no classic extractor for this language: load a model' },
      { document: 3, language: 'ja', message: 'no classic extractor for this language: load a model' },
    ];
    const text = extractSummaryText(summary({ triples: { EE: 0, EV: 0, VV: 0 }, notes }), (id) => (id === 2 ? 'Korean notes' : undefined));
    expect(text).toBe('0 new triples from 12 chunks read · no classic extractor for this language: load a model: Korean notes (ko), document 3 (ja)');
  });
  it('says when there was nothing to read', () => {
    expect(extractSummaryText(summary({ chunks: 0, processed: 0 }))).toMatch(/^0 new: no chunks/);
  });
});

describe('extraction status tooltip', () => {
  const base = { engine: 'classic', chunks: 4, chunksRead: 4, triples: 9, accepted: 0, lastRun: null };
  it('gives the reason when there is one, else what the status means', () => {
    expect(extractionTitle({ ...base, status: 'stale', reason: '1 of 4 chunks not extracted' })).toBe('1 of 4 chunks not extracted');
    expect(extractionTitle({ ...base, status: 'extracted', reason: null })).toBe('Every chunk (4) read by classic');
    expect(extractionTitle({ ...base, status: 'ingested', reason: null, engine: null })).toMatch(/no extraction has read it/);
  });
});
