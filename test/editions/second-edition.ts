// A second edition of a kit RFC, made by the test from the real one: a few clauses edited, one
// removed, one added. Every change is a plain string edit of the original text, checked to apply.
import fs from 'node:fs';
import path from 'node:path';
import { data } from '../helpers/tmp';

export const FIRST_EDITION = data('rfc-radius-eap', 'rfc3580.txt');

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const at = typeof from === 'string' ? text.indexOf(from) : text.search(from);
  if (at < 0) throw new Error(`second edition: ${String(from)} not found in ${path.basename(FIRST_EDITION)}`);
  return text.replace(from, to);
}

/** What the second edition changes, for the assertions. */
export const CHANGES = {
  edited: ['3.3', '3.18', '3.19'],
  removed: '3.2',
  added: '3.32',
  /** A sentence of the removed clause (3.2 User-Password, CHAP-Password, CHAP-Challenge). */
  removedText: 'Since IEEE 802.1X does not support PAP or CHAP authentication',
  addedText: 'The Operator-Name attribute identifies the owner of the access network',
};

export function secondEdition(first = fs.readFileSync(FIRST_EDITION, 'utf8')): string {
  let t = first;
  // 3.3: the bridge becomes a switch, and a sentence is added.
  t = replaceOnce(
    t,
    'NAS-IP-Address contains the IPv4\n   address of the bridge or Access Point',
    'NAS-IP-Address contains the IPv4\n   address of the switch or Access Point',
  );
  t = replaceOnce(
    t,
    'still be reachable even if one of the interfaces were to fail.',
    'still be reachable even if one of the interfaces were to fail.  The\n   NAS-IP-Address MUST NOT be a link-local address.',
  );
  // 3.18: the wireless sentence is reworded.
  t = replaceOnce(
    t,
    'It is possible for a wireless device to wander\n   out of range of all Access Points.',
    'A wireless device may move out of the\n   range of every Access Point.',
  );
  // 3.19: the default action changes.
  t = replaceOnce(
    t,
    'value Default (0) indicates that the session should terminate.',
    'value Default (0) indicates that the session should be re-established.',
  );
  // 3.2 is removed, with its heading.
  t = replaceOnce(t, /3\.2\. {2}User-Password, CHAP-Password, CHAP-Challenge\n[\s\S]*?(?=3\.3\. {2}NAS-IP-Address)/, '');
  // 3.32 is added at the end of section 3.
  t = replaceOnce(
    t,
    /\n(4\. {2}RC4 EAPOL-Key Frame\n)/,
    `\n3.32.  Operator-Name\n\n   ${CHANGES.addedText}.  An IEEE 802.1X Authenticator includes the\n   Operator-Name attribute in the Access-Request when roaming is supported.\n\n$1`,
  );
  return t;
}

/** Write both editions under `dir` (same file name, so the second is a new version by its path), returning the path. */
export function writeEdition(dir: string, edition: 1 | 2, file = 'rfc3580.txt'): string {
  const p = path.join(dir, file);
  const first = fs.readFileSync(FIRST_EDITION, 'utf8');
  fs.writeFileSync(p, edition === 1 ? first : secondEdition(first));
  return p;
}
