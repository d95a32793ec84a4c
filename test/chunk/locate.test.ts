// A chat citation marks the sentence it quotes in its passage, not the whole passage.
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Core } from '../../electron/core/core';
import type { CallOutput } from '../../shared/contract';
import { locateCited } from '../../electron/core/chunk/locate';
import { tmpDir } from '../helpers/tmp';
import { SEED_TEXT, seedReviewGraph } from '../review/seed';

const PASSAGE = [
  '3.1.  Message Flow',
  '',
  '   The authenticator forwards each request to the server. The server',
  '   answers with a challenge, e.g. a nonce of 16 octets.  The peer then',
  '   proves that it holds the key.',
  '',
  '   Retransmissions are handled by the lower layer.',
].join('\n');

const marked = (text: string, at: { start: number; end: number } | null) => (at ? text.slice(at.start, at.end) : null);

describe('locateCited', () => {
  it('finds a quoted sentence across the line breaks of preformatted text, whatever its spacing and case', () => {
    const at = locateCited(PASSAGE, '"the server answers with a challenge, e.g. a nonce of 16 octets."');
    expect(marked(PASSAGE, at)).toBe('The server\n   answers with a challenge, e.g. a nonce of 16 octets.');
    expect(at!.score).toBeGreaterThan(0.9);
  });

  it('marks the run of sentences an excerpt covers, and one sentence for a paraphrase of it', () => {
    const excerpt = 'The authenticator forwards each request to the server. The server answers with a challenge, e.g. a nonce of 16 oc…';
    expect(marked(PASSAGE, locateCited(PASSAGE, excerpt))).toBe(
      'The authenticator forwards each request to the server. The server\n   answers with a challenge, e.g. a nonce of 16 octets.',
    );
    expect(marked(PASSAGE, locateCited(PASSAGE, 'the lower layer handles retransmissions'))).toBe('Retransmissions are handled by the lower layer.');
  });

  it('says nothing when no sentence is close', () => {
    expect(locateCited(PASSAGE, 'GOOSE messages carry trip signals between IEDs')).toBeNull();
  });
});

describe('chunks.locate', () => {
  const open: { core: Core; cleanup: () => void }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.core.close();
      o.cleanup();
    }
  });

  it('answers in document offsets; an unknown chunk is not_found', async () => {
    const t = tmpDir('gw-locate-');
    const core = new Core({ dbPath: path.join(t.dir, 'l.db'), startJobs: false });
    open.push({ core, cleanup: t.cleanup });
    const { chunk } = seedReviewGraph(core.store);
    const r = await core.call('chunks.locate', { id: chunk, text: 'The NAS forwards requests to the RADIUS server [P1]' });
    if (!r.ok) throw new Error(r.error.message);
    const at = r.value as CallOutput<'chunks.locate'>;
    expect(SEED_TEXT.slice(at!.start, at!.end)).toBe('The NAS forwards requests to the RADIUS server.');
    const missing = await core.call('chunks.locate', { id: 9999, text: 'anything' });
    expect(missing.ok ? null : missing.error.code).toBe('not_found');
  });
});
