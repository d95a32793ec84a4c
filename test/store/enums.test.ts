// The values a column's CHECK (col IN (...)) allows are the values its zod enum in shared/ allows:
// a value the contract accepts but SQLite refuses is a crash at write time; one SQLite stores but
// the contract refuses fails every read of that row. Every CHECK enum of the latest schema must be
// paired here (a new one fails until it is).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openDb } from '../../electron/core/store';
import { checkEnums, plainTables } from './fixture-db';
import { EdgeStatus, NodeKind, Stage, StoredJobState } from '../../shared/schemas';
import { MergeStatus } from '../../shared/contract/extract';
import { SchemaTypeKind } from '../../shared/contract/concepts';
import { GoldKind } from '../../shared/contract/eval';
import { ChatRole } from '../../shared/contract/chat';
import { PublishAuth, PublishProtocol, PublishRunState } from '../../shared/contract/publish';

const ZOD_ENUM: Record<string, z.ZodEnum> = {
  'chat_messages.role': ChatRole,
  'edges.stage': Stage,
  'edges.status': EdgeStatus,
  'eval_gold_sets.kind': GoldKind,
  'eval_runs.kind': GoldKind,
  // JobState adds 'interrupted', never stored: a running job whose process is gone (jobs/owner.ts)
  'jobs.state': StoredJobState,
  'merge_candidates.status': MergeStatus,
  'nodes.kind': NodeKind,
  'publish_runs.state': PublishRunState,
  'publish_targets.auth': PublishAuth,
  'publish_targets.protocol': PublishProtocol,
  'schema_types.kind': SchemaTypeKind,
};

/**
 * CHECK enums of columns the contract never carries as such (stored states the core maps to other
 * shapes); listed so that each one is a decision, not an oversight.
 */
const STORE_ONLY: Record<string, string> = {
  'document_text_pieces.part': "which of a document's texts a piece is of (text, original); the contract reads whole texts (documents.text)",
  'chunk_matches.kind': 'how a chunk matched the version before; the editions contract reports added/removed/changed triples and clauses instead',
  'edition_changes.kind': 'what a new edition did to a triple (moved, stale, review); the editions contract derives its diff kinds from it',
  'edition_changes.state': 'open/accepted/rejected, shown by the editions contract as DiffTriple.state',
};

function schemaEnums(): Map<string, string[]> {
  const db = openDb(':memory:');
  try {
    const out = new Map<string, string[]>();
    for (const t of plainTables(db)) for (const [col, values] of checkEnums(db, t)) out.set(`${t}.${col}`, values);
    return out;
  } finally {
    db.close();
  }
}

describe('SQL CHECK enums and the zod enums', () => {
  const enums = schemaEnums();

  it('finds the CHECK enums of the schema', () => {
    expect(enums.get('edges.status')).toEqual(['proposed', 'accepted', 'rejected', 'stale']);
  });

  it('every CHECK enum has its zod enum or is listed as store-only', () => {
    const unpaired = [...enums.keys()].filter((k) => !(k in ZOD_ENUM) && !(k in STORE_ONLY));
    expect(unpaired, 'pair these columns with a zod enum in shared/ (or list them as store-only with the reason)').toEqual([]);
    const stale = [...Object.keys(ZOD_ENUM), ...Object.keys(STORE_ONLY)].filter((k) => !enums.has(k));
    expect(stale, 'listed here but no longer a CHECK enum in the schema').toEqual([]);
  });

  it.each(Object.keys(ZOD_ENUM))('%s allows exactly the values of its zod enum', (column) => {
    expect([...(enums.get(column) ?? [])].sort()).toEqual([...ZOD_ENUM[column].options].sort());
  });
});
