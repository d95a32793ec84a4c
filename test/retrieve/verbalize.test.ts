// Triple-to-text templates: the sentence follows the relation label's shape.
import { describe, expect, it } from 'vitest';
import { verbalizeTriple } from '../../electron/core/retrieve/verbalize';

describe('verbalizeTriple', () => {
  it.each([
    [{ subject: 'IP packet', relation: 'may be transmitted between', object: 'Supplicant' }, 'IP packet may be transmitted between Supplicant.'],
    [{ subject: 'RADIUS/TCP', relation: 'must not use', object: 'TCP port 1645' }, 'RADIUS/TCP must not use TCP port 1645.'],
    [{ subject: 'Blade Runner', relation: 'directed_by', object: 'Ridley Scott' }, 'Blade Runner was directed by Ridley Scott.'],
    [{ subject: 'RFC 6613', relation: 'release year', object: '2012' }, 'The release year of RFC 6613 is 2012.'],
    [{ subject: 'EAP', relation: 'has_method', object: 'EAP-TLS' }, 'EAP has method EAP-TLS.'],
  ])('%o', (triple, text) => {
    expect(verbalizeTriple(triple)).toBe(text);
  });
});
