// Lowercased text (the kit's ../shared/samples/seeds/000_*.txt, a token table of a power-standards paper): sentences split at full
// stops before lowercase words, and the journal's running header that was run into the prose removed.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { applyCuts, findInlineRunningHeaders } from '../../electron/core/ingest/repair/boilerplate';
import { isCaseless, splitSentences } from '../../electron/core/chunk/sentences';
import { splitSentences as evidenceSentences } from '../../electron/core/extract/sentences';
import { repair } from '../../electron/core/ingest/repair';
import { data, seed } from '../helpers/tmp';

const sentences = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

describe('lowercase text', () => {
  it('kit sample 000_*: about 400 sentences, whole ones, and no running header left', async () => {
    const doc = (await prepareFile(seed('000_d8841f6ce609635c.txt'))).docs[0];
    expect(doc.text).not.toContain('hightech and innovation journal');
    expect(doc.meta!.repairs).toEqual(['11 running headers removed from the text']);
    const s = sentences(doc.text);
    expect(s.length).toBeGreaterThan(320);
    expect(s.length).toBeLessThan(480);
    expect(s).toContain('this paper proposes a knowledge graph retrieval-enhanced training method for large language models (llms).');
    expect(s).toContain('these subgraphs are then parsed into triples using entity linking and semantic reasoning.');
    // Abbreviations and section numbers stay inside their sentence.
    expect(s.some((x) => x.includes('china electric power research institute co., ltd., beijing, china.'))).toBe(true);
    expect(s.some((x) => /^1\. introduction the knowledge system of electric standards is vast and complex/.test(x))).toBe(true);
    // Extraction evidence uses the same splitter.
    expect(evidenceSentences(doc.text)).toEqual(splitSentences(doc.text));
  });

  it('tells lowercased text from cased text', () => {
    const lower = 'the relay trips the breaker. the breaker opens the circuit. '.repeat(10);
    expect(isCaseless(lower)).toBe(true);
    expect(sentences(lower)).toHaveLength(20);
    const rfc = repair([fs.readFileSync(data('rfc-radius-eap', 'rfc3580.txt'), 'utf8')], { mode: 'text' }).text;
    expect(isCaseless(rfc)).toBe(false);
    // Cased text keeps its rule: a lowercase word after a full stop does not start a sentence.
    expect(sentences('The value is approx. three volts. The End.')).toEqual(['The value is approx. three volts.', 'The End.']);
    expect(sentences('Use IEEE 802.1X. The server answers. see e.g. this.')).toEqual(['Use IEEE 802.1X.', 'The server answers. see e.g. this.']);
  });

  it('removes a header repeated once a page with a page number that counts up, and nothing else', () => {
    const topics = ['relays', 'breakers', 'feeders', 'busbars', 'meters', 'cables'];
    const body = (i: number) =>
      `${topics[i]} come first on this page, and ${topics[(i + 1) % 6]} follow them. ` +
      'every device was tested under fault conditions and it tripped within the limit set by the clause for its class. '.repeat(10) +
      `the last words here are about ${topics[(i + 2) % 6]} again. `;
    const pages = Array.from({ length: 6 }, (_, i) => `journal of widget engineering vol. 3, no. 1, 2031 ${101 + i} ${body(i)}`);
    const text = pages.join('');
    const cuts = findInlineRunningHeaders(text);
    expect(cuts.map((c) => text.slice(c.start, c.end))).toEqual(pages.map((_, i) => `journal of widget engineering vol. 3, no. 1, 2031 ${101 + i} `));
    const out = applyCuts(text, cuts).text;
    expect(out).not.toContain('journal of widget engineering');
    // The body repeats too, but no number in it counts up page by page: it stays.
    expect(out.split('was tested under fault conditions').length - 1).toBe(60);
    // Templated body text whose number counts up is longer than a header: it stays.
    const templated = Array.from({ length: 8 }, (_, i) =>
      `the relay number ${i + 1} was tested under fault conditions and it tripped within the limit set by the clause for that class of device, as the table shows for each of them in turn. `.repeat(
        4,
      ),
    ).join('');
    expect(findInlineRunningHeaders(templated)).toEqual([]);
    // A repeated phrase whose number does not count is not a header.
    const same = Array.from({ length: 6 }, (_, i) => `see clause 4 of the widget standard for details ${body(i)}`).join('');
    expect(findInlineRunningHeaders(same)).toEqual([]);
  });
});
