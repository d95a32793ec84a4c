import { describe, expect, it } from 'vitest';
import { repair, normalizeText, joinHyphenated } from '../../electron/core/ingest/repair';
import { respace } from '../../electron/core/ingest/repair/layout';
import { segmentRun } from '../../electron/core/ingest/repair/segment';
import { detectFormat } from '../../electron/core/ingest/detect';
import { detectLanguage, releaseLanguageDetector } from '../../electron/core/ingest/language';
import fs from 'node:fs';
import { data } from '../helpers/tmp';

describe('text repair', () => {
  it('applies NFKC: math italic letters, ligatures, full-width forms, no-break spaces', () => {
    expect(normalizeText('𝑞𝑣 ﬁnd ＡＢＣ１\u00a0x\u00ady\r\nz')).toBe('qv find ABC1 xy\nz');
  });

  it('de-hyphenates words broken at line ends, keeps real compounds', () => {
    expect(joinHyphenated('such enumeration is ineffi-', 'cient')).toBe('such enumeration is inefficient');
    expect(joinHyphenated('for retrieval-', 'augmented')).toBe('for retrieval-augmented');
  });

  it('joins hard-wrapped lines inside paragraphs, keeps paragraph breaks, lists and tables', () => {
    const wrapped = [
      'Network access servers carry authentication messages between the peer and',
      'the backend server, which checks the credentials of the peer before access',
      'is granted to the network.',
      '',
      'The attributes are:',
      '   o  EAP-Message, which carries one EAP packet between the peer and the',
      '      authenticator;',
      '   o  Message-Authenticator.',
      '',
      '   Type    Length    Value',
      '   79      >= 3      EAP packet',
      '',
      'The next paragraph starts here and it is long enough to be a full line of',
      'wrapped text that continues.',
    ].join('\n');
    const { text } = repair([wrapped], { mode: 'text' });
    expect(text).toContain(
      'between the peer and the backend server, which checks the credentials of the peer before access is granted to the network.\n\nThe attributes are:',
    );
    expect(text).toContain('   o  EAP-Message, which carries one EAP packet between the peer and the authenticator;\n   o  Message-Authenticator.');
    expect(text).toContain('   Type    Length    Value\n   79      >= 3      EAP packet');
  });

  it('joins a compound broken after its hyphen before a capital without a space (RFC attribute names)', () => {
    const lines = [
      'In this case the Proxy SHOULD send an Access-Reject to the NAS and an Accounting-',
      'Request with Acct-Status-Type=Proxy-Stop (6) to the home server, as the Acct-Status-',
      'Type attribute says; a word broken at its end of line is joined again as usual, and a',
      'line that ends with a dash - Then a capital: that is no compound and it keeps its',
      'space, as the text of the page wants it, in a paragraph long enough to be wrapped.',
      'More lines follow so that the page reads as text wrapped at a fixed width of',
      'about seventy-five columns, which is how the plain text of an RFC is laid out',
      'on its pages, with a header and a footer on each of them that are taken away.',
    ].join('\n');
    const { text } = repair([lines], { mode: 'text' });
    expect(text).toContain('an Accounting-Request with Acct-Status-Type=Proxy-Stop (6)');
    expect(text).toContain('as the Acct-Status-Type attribute says');
    expect(text).toContain('with a dash - Then a capital');
  });

  it('keeps a list of "Label: text" lines as separate items, and still joins a labelled line that wraps', () => {
    // RFC 1157 §3.2, a field list under a figure: each line is full enough to look wrapped
    const lines = [
      'Some paragraph of ordinary prose that runs long enough to fill a line of',
      'text before the list begins, so that the page counts as wrapped at width.',
      '',
      '   Domain:  the administrative domain of the element',
      '   PCommunity:  the name of a community utilizing a proxy agent',
      '   DCommunity:  the name of a direct community',
      '',
      '   Requirement:  a session key SHOULD be considered compromised if it',
      '   remains in use beyond its authorized lifetime, which is a long line.',
      '',
      'More prose that is long enough to look like a wrapped line of the page',
      'and one more line of it, also of a length close to the width of the page.',
      'And a third line to make the histogram of line lengths say: wrapped text.',
      'And a fourth line to make the histogram of line lengths say: wrapped text.',
    ].join('\n');
    const { text } = repair([lines], { mode: 'text' });
    expect(text).toContain(
      '   Domain:  the administrative domain of the element\n   PCommunity:  the name of a community utilizing a proxy agent\n   DCommunity:  the name of a direct community',
    );
    expect(text).toContain('   Requirement:  a session key SHOULD be considered compromised if it remains in use beyond its authorized lifetime');
  });

  it('removes lines repeated at the top or bottom of every page, keeps page spans', () => {
    const page = (n: number, body: string) =>
      `ACME Standard 42                      March 2024\n\n${body}\n\nSmith                                 [Page ${n}]`;
    const raw = [page(1, 'First page text.'), page(2, 'Second page text.'), page(3, 'Third page text.')].join('\f');
    const r = repair([raw], { mode: 'text' });
    expect(r.text).toBe('First page text.\n\nSecond page text.\n\nThird page text.');
    expect(r.pages.map((p) => r.text.slice(p.start, p.end))).toEqual(['First page text.', 'Second page text.', 'Third page text.']);
  });

  it('joins a paragraph and a hyphenated word broken over a page break', () => {
    const r = repair(['A paragraph on the first page that runs on over the break into authenti-', 'cation of the peer, and ends here.'], {
      mode: 'pdf',
      paged: true,
    });
    expect(r.text).toBe('A paragraph on the first page that runs on over the break into authentication of the peer, and ends here.');
    expect(r.text.slice(r.pages[1].start, r.pages[1].end)).toBe(' of the peer, and ends here.');
  });

  it('keeps a block going on at the same indentation over a page break as one block (a MIB object cut by a page)', () => {
    const r = repair(['   radiusAccServUpTime OBJECT-TYPE', '          SYNTAX      TimeTicks', '          MAX-ACCESS  read-only'], {
      mode: 'text',
      paged: true,
    });
    const both = repair(
      [
        '   radiusAccServUpTime OBJECT-TYPE\n          SYNTAX      TimeTicks\n          MAX-ACCESS  read-only',
        '          STATUS      current\n          DESCRIPTION\n                "The time elapsed."',
      ],
      { mode: 'text', paged: true },
    );
    expect(r.text).toContain('MAX-ACCESS  read-only');
    expect(both.text).toContain('MAX-ACCESS  read-only\n          STATUS      current');
    // a sentence's end, or another indentation, is a paragraph break as before
    const ended = repair(['   The attribute is sent.', '   The next paragraph starts.'], { mode: 'text', paged: true });
    expect(ended.text).toContain('sent.\n\n   The next');
    const heading = repair(['3.4.  NAS-Port', '   For use with IEEE 802.1X the NAS-Port will contain the port.'], { mode: 'text', paged: true });
    expect(heading.text).toContain('NAS-Port\n\n   For use');
  });

  it('joins a paragraph whose next page keeps its indentation (an RFC page break inside a paragraph)', () => {
    // RFC 5247 §3.6: "... the key name MUST NOT directly or indirectly disclose the keying" [page break] "material."
    const r = repair(
      [
        '   All keys MUST be uniquely named, and the key name MUST NOT directly or indirectly disclose the keying',
        '   material.  If the key name is not based on the keying material, then one can be sure that it is safe.',
      ],
      { mode: 'text', paged: true },
    );
    expect(r.text).toContain('disclose the keying material.  If the key name');
    expect(r.text.slice(r.pages[1].start, r.pages[1].end)).toBe(
      'material.  If the key name is not based on the keying material, then one can be sure that it is safe.',
    );
    // a listing's next line after a comma stays on its own line
    const asn = repair(['          GetResponse-PDU ::= [2] IMPLICIT SEQUENCE { RequestID,', '              error-status        -- always 0'], {
      mode: 'text',
      paged: true,
    });
    expect(asn.text).toContain('RequestID,\n\n');
  });
});

describe('word segmentation', () => {
  it('restores lost spaces with case and acronyms respected', () => {
    expect(segmentRun('recursivechunking')).toEqual(['recursive', 'chunking']);
    expect(segmentRun('RAGimplementations')).toEqual(['RAG', 'implementations']);
    expect(segmentRun('theLLMs')).toEqual(['the', 'LLMs']);
    expect(segmentRun('CONFLICTOFINTERESTSTATEMENT')).toEqual(['CONFLICT', 'OF', 'INTEREST', 'STATEMENT']);
    expect(segmentRun('SaaS')).toEqual(['SaaS']);
  });

  it('rebuilds spacing around punctuation, numbers and quotes', () => {
    expect(respace('Retrievalaugmentedgeneration(RAG)systemspromisegroundedanswers,version3.2.1ofthemodel’soutput.')).toBe(
      'Retrieval augmented generation (RAG) systems promise grounded answers, version 3.2.1 of the model’s output.',
    );
    expect(respace('retrieval-augmentedgenerationwith2,419pairs')).toBe('retrieval-augmented generation with 2,419 pairs');
  });
});

describe('format and language detection', () => {
  it('detects formats from content, not the .txt name', () => {
    const fmt = (name: string, content: string) => detectFormat(name, Buffer.from(content)).format;
    expect(fmt('a.txt', 'id\tsid\ttid\ttoken\nd\t1\t1\tHello\nd\t1\t2\tworld\nd\t1\t3\t.\n')).toBe('token-table');
    expect(fmt('b.txt', '-DOCSTART- -X- O\nBERT B-MethodName\nis O\ngood O\n. O\n')).toBe('conll');
    expect(fmt('c.txt', 'header\n\n[ "BERT", "works" ]\n\n[ "B-MethodName", "O" ]\n')).toBe('bio-json');
    expect(fmt('d.txt', '[{"title": "T", "text": "Body."}]')).toBe('passages');
    expect(fmt('e.txt', '%PDF-1.4\n...')).toBe('pdf');
    expect(fmt('f.txt', 'Just some prose.\n')).toBe('text');
    expect(fmt('g.md', 'Just some prose.\n')).toBe('markdown');
  });

  it('detects Korean mixed with English terms as Korean', async () => {
    expect(
      await detectLanguage(
        '본 논문은 사전 정의된 schema가 필요 없는 완전 자율 knowledge graph 구축 프레임워크인 AutoSchemaKG를 제시한다. 이 시스템은 large language model을 활용한다.',
      ),
    ).toBe('ko');
    expect(await detectLanguage('The Extensible Authentication Protocol supports multiple authentication methods and key derivation.')).toBe('en');
  });

  it('weighs each window by how sure the detector is: windows of headers, attribute listings and traces do not outvote prose', async () => {
    // an English RFC whose four windows are a title page, an attribute listing, prose and a protocol trace:
    // one vote per window gave its title page's guess (German, at an accuracy of a third)
    const text = fs.readFileSync(data('rfc-train', 'rfc4590.txt'), 'utf8');
    expect(await detectLanguage(text)).toBe('en');
    expect(await detectLanguage(`${'Le serveur envoie une réponse au client lorsque la requête est terminée. '.repeat(60)}`)).toBe('fr');
  });
});

describe('language thread', () => {
  it('detects again after the thread was let go (a large file lets it go before it is read)', async () => {
    const text = 'The server sends a reply to the client when the request is complete and the session key is derived.';
    expect(await detectLanguage(text)).toBe('en');
    await releaseLanguageDetector();
    // a release with no thread running is nothing
    await releaseLanguageDetector();
    const [a, b] = await Promise.all([detectLanguage(text), detectLanguage('Le serveur envoie une réponse au client lorsque la requête est terminée.')]);
    expect([a, b]).toEqual(['en', 'fr']);
  });
});
