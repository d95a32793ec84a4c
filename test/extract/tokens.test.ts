// Pass 1, tokens: words English writes as one (hyphenated, slashed, dotted names) are one token.
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../electron/core/extract/classic/tokens';

const words = (text: string) => tokenize(text, 0, text.length).map((t) => t.text);

describe('classic tokens', () => {
  it('keeps a dotted identifier whole, its numbers no words of their own', () => {
    expect(words('Accordingly, ifIndex.2.1.7 would identify the interface.')).toContain('ifIndex.2.1.7');
    expect(words('The name ASN.1 is used.')).toContain('ASN.1');
  });

  it('leaves a number ending a sentence apart from the next one', () => {
    expect(words('See RFC 2119. 3 servers reply.')).toEqual(['See', 'RFC', '2119', '.', '3', 'servers', 'reply', '.']);
  });

  it('glues hyphenated and slashed words', () => {
    expect(words('an Access-Request with read/write access')).toEqual(['an', 'Access-Request', 'with', 'read/write', 'access']);
  });
});
