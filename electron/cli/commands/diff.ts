// graphwright diff: what changed between two versions of a document (editions): clauses and triples
// added, removed and changed, each with its evidence in both versions.
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { callCore, openCore } from '../open';
import type { Core } from '../../core/core';
import type { DiffTriple } from '../../../shared/contract/editions';

function versionOption(values: Record<string, unknown>, name: 'from' | 'to'): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !/^\d+$/.test(v.trim()) || Number(v) < 1)
    throw new UsageError(`--${name} must be a version number (1, 2, ...), got ${JSON.stringify(v)}`);
  return Number(v);
}

/** A document id, or the path a document was imported from (its newest version). */
function documentOf(core: Core, arg: string): number {
  if (/^\d+$/.test(arg)) return Number(arg);
  const doc = core.store.documents.findLatestByPath(path.resolve(arg));
  if (!doc) throw new UsageError(`no document was imported from ${path.resolve(arg)} (give a document id or the path it was imported from)`);
  return doc.id;
}

const tripleLine = (t: DiffTriple) =>
  `  #${t.id} ${t.subject} —${t.relation}→ ${t.object} [${t.status}${t.review ? ', review again' : ''}${t.state !== 'open' ? `, ${t.state}` : ''}]`;

export const diffCommand: Command = {
  name: 'diff',
  usage: 'diff DOCUMENT --db FILE [--from V] [--to V] [--json]',
  summary: 'What changed between two versions of a document (default: the newest and the one before): clauses and triples added, removed, changed',
  options: { ...dbOption, ...jsonOption, from: { type: 'string' }, to: { type: 'string' } },
  positionals: true,
  async run({ values, positionals }, io) {
    if (!positionals[0]) throw new UsageError('diff: give a document id (or the path it was imported from)');
    const from = versionOption(values, 'from');
    const to = versionOption(values, 'to');
    const core = openCore(values, { mustExist: true });
    try {
      const id = documentOf(core, positionals[0]);
      const diff = await callCore(core, 'documents.diff', { id, from, to });
      if (values.json) return io.json(diff);
      const c = diff.chunks;
      io.out(`${diff.to.title}: version ${diff.from.version} (document ${diff.from.id}) → ${diff.to.version} (document ${diff.to.id})`);
      io.out(`chunks: ${c.unchanged} unchanged, ${c.moved} moved, ${c.edited} edited, ${c.added} added, ${c.removed} removed`);
      io.out(`clauses: ${diff.clauses.unchanged} unchanged, ${diff.clauses.items.length} changed`);
      for (const cl of diff.clauses.items) io.out(`  ${cl.kind.padEnd(8)} ${cl.label}`);
      const t = diff.triples;
      io.out(`triples: ${t.unchanged} unchanged, ${t.added.length} added, ${t.removed.length} removed (stale), ${t.changed.length} changed`);
      for (const [name, list] of [
        ['added', t.added],
        ['removed', t.removed],
        ['changed', t.changed],
      ] as const) {
        if (!list.length) continue;
        io.out(`${name}:`);
        for (const x of list) io.out(tripleLine(x));
      }
    } finally {
      await core.close();
    }
  },
};
