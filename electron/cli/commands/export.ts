// graphwright export / import: the graph to and from the formats the field uses.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption, parseSelection, requireString, selectionOptions } from '../command';
import { callCore, openCore } from '../open';
import { ExportFormat, ImportFormat } from '../../../shared/contract/export';
import { ApiError } from '../../../shared/errors';
import { runExport } from '../../core/export';
import { isFolderFormat } from '../../core/export/formats';
import { FileTarget } from '../../core/export/out';
import { openExportSnapshot } from '../../core/store/export';
import { overwriteConflict } from '../../core/api/export';

export const exportCommand: Command = {
  name: 'export',
  usage: `export --db FILE --format ${ExportFormat.options.join('|')} --out PATH [--force] [--accepted-only] [--document ID] [--no-concepts] [--no-provenance] [--with-paths] [--base IRI] [--json]`,
  summary:
    'Export the graph (csv and neo4j-csv: PATH is a folder); evidence names documents by title, hash and file name (--with-paths: their local paths too)',
  options: {
    ...dbOption,
    ...jsonOption,
    format: { type: 'string', short: 'f' },
    out: { type: 'string', short: 'o' },
    ...selectionOptions,
    force: { type: 'boolean' },
    'with-paths': { type: 'boolean' },
  },
  async run({ values }, io) {
    const f = ExportFormat.safeParse(requireString(values, 'format'));
    if (!f.success) throw new UsageError(`--format must be one of ${ExportFormat.options.join(', ')}, got ${JSON.stringify(values.format)}`);
    const format = f.data;
    const out = path.resolve(requireString(values, 'out'));
    const folder = isFolderFormat(format);
    if (fs.existsSync(out) && fs.statSync(out).isDirectory() !== folder) {
      throw new UsageError(folder ? `--out: ${format} writes a folder, and ${out} is a file` : `--out: ${out} is a folder; ${format} writes one file`);
    }
    // Never replace what the user did not ask to replace: an existing file, or a folder with files in it.
    const conflict = values.force ? null : overwriteConflict(out, folder, 'give --force');
    if (conflict) throw new ApiError('conflict', `--out: ${conflict}`);
    const options = { ...parseSelection(values), paths: Boolean(values['with-paths']) };
    const { documentId } = options;
    const core = openCore(values, { mustExist: true });
    try {
      if (documentId !== null && !core.store.documents.get(documentId)) throw new ApiError('not_found', `no document ${documentId}`);
      const t0 = performance.now();
      const snap = openExportSnapshot(core.dbPath);
      const target = new FileTarget(out, folder);
      let counts;
      try {
        counts = await runExport(snap.db, format, options, target);
      } catch (err) {
        target.abort();
        throw err;
      } finally {
        snap.close();
      }
      const result = {
        format,
        path: out,
        files: target.opened.map((o) => o.file),
        bytes: target.bytes(),
        counts,
        seconds: Number(((performance.now() - t0) / 1000).toFixed(3)),
      };
      if (values.json) return io.json(result);
      const n = counts.nodes;
      io.out(
        `exported ${n.entity} entities, ${n.event} events, ${n.concept} concepts, ${counts.edges} triples, ${counts.conceptLinks} concept links, ${counts.provenance} evidence spans`,
      );
      io.out(`to ${out}${folder ? ` (${result.files.map((x) => path.basename(x)).join(', ')})` : ''}: ${result.bytes} bytes in ${result.seconds} s`);
    } finally {
      await core.close();
    }
  },
};

export const importCommand: Command = {
  name: 'import',
  usage: `import --db FILE --format ${ImportFormat.options.join('|')} FILE [--json]`,
  summary: 'Import a graph or knowledge base, all or nothing (creates the database if missing; csv: a folder or its nodes.csv)',
  options: { ...dbOption, ...jsonOption, format: { type: 'string', short: 'f' } },
  positionals: true,
  async run({ values, positionals }, io) {
    const f = ImportFormat.safeParse(requireString(values, 'format'));
    if (!f.success) throw new UsageError(`--format must be one of ${ImportFormat.options.join(', ')}, got ${JSON.stringify(values.format)}`);
    if (positionals.length !== 1) throw new UsageError(`give one FILE to import${positionals.length ? `, got ${positionals.length}` : ''}`);
    const file = path.resolve(positionals[0]);
    if (!fs.existsSync(file)) throw new UsageError(`file not found: ${file}`);
    const core = openCore(values);
    try {
      const r = await callCore(core, 'graph.import', { format: f.data, path: file });
      if (values.json) return io.json(r);
      io.out(`imported ${path.basename(file)} (${r.format}) in ${r.seconds.toFixed(2)} s`);
      io.out(`nodes           ${r.nodes.created} new, ${r.nodes.existing} existing`);
      io.out(`triples         ${r.edges.created} new, ${r.edges.existing} existing`);
      io.out(`concept links   ${r.conceptLinks.created} new, ${r.conceptLinks.existing} existing`);
      io.out(`evidence spans  ${r.provenance.created} new, ${r.provenance.existing} existing`);
      if (r.documents.matched || r.documents.placeholders) io.out(`documents       ${r.documents.matched} matched, ${r.documents.placeholders} placeholders`);
    } finally {
      await core.close();
    }
  },
};
