// The fourth pass on the classic sentence extractor (docs/extraction.md, "Fourth pass"): what an editor
// of standards read wrong in a sample of its triples on the dev RFCs, fixed by general grammar. Each test
// is a small sentence written for the purpose (or an RFC's sentence, cut short) and fails without its rule.
import { describe, expect, it } from 'vitest';
import { singularPhrase } from '../../electron/core/nlp/morphology';
import { sentenceTriples } from './fixtures';

const read = sentenceTriples;

describe('light nouns with a compound or a measure', () => {
  it('keeps a light noun a noun modifies: "the port number of the bridge" is no "bridge"', () => {
    // the tagger reads "port" as an adjective; WordNet has it more as a noun
    const flat = read('The NAS-Port will contain the port number of the bridge.');
    expect(flat).toContain('NAS-Port | will contain | port number of the bridge');
    expect(flat).not.toContain('NAS-Port | will contain | bridge');
  });

  it('keeps "the number of seconds": a count of a unit of measure is a quantity', () => {
    expect(read('The attribute indicates the number of seconds of service.')).toContain('attribute | indicates | number of seconds of service');
    // a count of things is still read through to the things
    expect(read('The server limits the number of clients.')).toContain('server | limits | client');
    // an adjective before the light noun changes nothing
    expect(read('The servers support a large number of clients.')).toContain('server | support | client');
  });
});

describe('labels: the head of "X of Y" is X', () => {
  it('singularises the word before "of", not the complement', () => {
    expect(singularPhrase('number of seconds')).toBe('number of seconds');
    expect(singularPhrase('retransmissions of RADIUS packets')).toBe('retransmission of RADIUS packets');
    expect(singularPhrase('access points')).toBe('access point');
  });
});

describe('object control: "X enables Y to V Z"', () => {
  it('reads the object of a verb of causing or letting as the subject of the infinitive, not as what is enabled', () => {
    const flat = read('The Session-Timeout Attribute enables the backend authentication server to limit the exposure of keys.');
    expect(flat.filter((x) => x.includes('| enables |'))).toEqual([]);
    expect(flat.some((x) => x.startsWith('backend authentication server | limit |'))).toBe(true);
    const caused = read('An attacker can cause an EAP peer or server to reuse a stale key.');
    expect(caused).toEqual(expect.arrayContaining(['EAP peer | reuse | stale key', 'server | reuse | stale key']));
    expect(caused.filter((x) => x.startsWith('attacker |'))).toEqual([]);
  });

  it('reads a passive or intransitive infinitive with its preposition', () => {
    expect(read('The use of RADIUS Accounting allows usage data to be collected at a central location.')).toEqual([
      'usage data | collected at | central location',
    ]);
    expect(read('Caching of keying material enables a peer to re-attach to an authenticator.')).toEqual(['peer | re-attach to | authenticator']);
    expect(read('It is possible for problems to arise in some situations.')).toContain('problem | arise in | situation');
  });

  it('keeps the object of other verbs: a purpose infinitive after "use" is no control', () => {
    expect(read('The server uses keys to encrypt packets.')).toContain('server | uses | key');
    expect(read('IEEE 802.1X enables authenticated access to IEEE 802 media.')).toContain('IEEE 802.1X | enables | authenticated access');
    // (and no preposition read off a purpose infinitive)
    expect(read('The EAP peer utilizes keying material to demonstrate to the authenticator that it is the same party.')).toEqual([
      'EAP peer | utilizes | keying material',
    ]);
  });
});

describe('a reduced relative after an "of" phrase', () => {
  it('is said of the complement when the head names an act, attribute, state, time or group', () => {
    const flat = read('Authentication mechanisms MUST maintain the confidentiality of any secret values used in the authentication process.');
    expect(flat).toContain('secret value | used in | authentication process');
    expect(flat.filter((x) => x.startsWith('confidentiality'))).toEqual([]);
    expect(read('The counter does not repeat within the lifetime of the keying material used to encrypt the Key field.')).toContain(
      'keying material | used to encrypt | Key field',
    );
    expect(read('The peer checks a subset of the parameters transmitted by the authenticator.')).toContain('parameter | transmitted by | authenticator');
  });

  it('stays with a head that names a thing, and with a finite verb', () => {
    expect(read('The system keeps a repository of data objects created by the system during the session.')).toContain(
      'repository of data objects | created by | system',
    );
    expect(read('The authentication of the peer failed in the first phase.')).toContain('authentication of the peer | failed in | first phase');
  });
});
