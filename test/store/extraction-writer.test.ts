// The extraction writer's batch (node lookups remembered inside one transaction) leaves exactly the
// rows that writing without it leaves: aliases merged, a missing type set, one node per identity.
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Store } from '../../electron/core/store';
import { ExtractionGraphWriter } from '../../electron/core/store/extraction';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-exwriter-');
afterAll(() => t.cleanup());

function write(w: ExtractionGraphWriter): number[] {
  return [
    w.upsertNode({ kind: 'entity', label: 'RADIUS server', aliases: ['RADIUS Server'] }),
    w.upsertNode({ kind: 'entity', label: 'radius server', aliases: ['AAA server'], type: 'System' }),
    w.upsertNode({ kind: 'entity', label: 'RADIUS  server ', aliases: ['RADIUS Server', 'NAS peer'], type: 'Other' }),
    w.upsertNode({ kind: 'event', label: 'RADIUS server' }),
    w.upsertNode({ kind: 'entity', label: 'Old node', aliases: ['later alias'] }),
  ];
}

function rows(store: Store) {
  return store.db.prepare('SELECT id, kind, label, norm, type, aliases FROM nodes ORDER BY id').all();
}

describe('ExtractionGraphWriter.batch', () => {
  it('writes the same nodes as one upsert per query, and forgets its lookups after the batch', () => {
    const plain = Store.open(path.join(t.dir, 'plain.db'));
    const batched = Store.open(path.join(t.dir, 'batched.db'));
    for (const s of [plain, batched]) new ExtractionGraphWriter(s.db).upsertNode({ kind: 'entity', label: 'Old node', aliases: ['first'] });

    const a = plain.transaction(() => write(new ExtractionGraphWriter(plain.db)));
    const w = new ExtractionGraphWriter(batched.db);
    const b = w.batch(() => write(w));
    expect(b).toEqual(a);
    expect(b[0]).toBe(b[1]);
    expect(b[1]).toBe(b[2]);
    expect(b[3]).not.toBe(b[0]);
    expect(rows(batched)).toEqual(rows(plain));
    const radius = rows(batched).find((r) => (r as { norm: string }).norm === 'radius server') as { type: string; aliases: string };
    expect(radius.type).toBe('System');
    expect(JSON.parse(radius.aliases)).toEqual(['RADIUS Server', 'AAA server', 'NAS peer']);

    // a change made between batches (an editor renames the type) is read again, not taken from the memo
    batched.db.prepare("UPDATE nodes SET type = NULL WHERE norm = 'radius server' AND kind = 'entity'").run();
    w.batch(() => w.upsertNode({ kind: 'entity', label: 'RADIUS server', type: 'Server' }));
    expect((batched.db.prepare("SELECT type FROM nodes WHERE norm = 'radius server' AND kind = 'entity'").get() as { type: string }).type).toBe('Server');
    plain.close();
    batched.close();
  });
});
