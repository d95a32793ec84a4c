import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HandlersOf } from '../../../shared/dispatch';
import type { exportCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import { INLINE_EXPORT_MAX_EDGES } from '../../../shared/contract/export';
import { runExport, toFilter } from '../export';
import { FORMATS, isFolderFormat } from '../export/formats';
import { ImportError } from '../import';
import { importGraphOffThread } from '../import/import-thread';
import { InlineTarget } from '../export/out';
import { openExportSnapshot } from '../store/export';
import { realResolve } from '../grants';

/** Why an export target may not be written without `overwrite: true`, or null when it may. */
export function overwriteConflict(target: string, folder: boolean, force: string): string | null {
  let st: fs.Stats;
  try {
    st = fs.statSync(target);
  } catch {
    return null; // nothing there: a new file or folder
  }
  if (!folder) return st.isFile() ? `${target} exists: ${force} to replace it` : null;
  return st.isDirectory() && fs.readdirSync(target).length > 0 ? `${target} is a folder with files in it: ${force} to write into it` : null;
}

export function exportHandlers(core: Pick<Services, 'bus' | 'dbPath' | 'jobs' | 'store'>): HandlersOf<typeof exportCalls> {
  /** Export targets this core created: written again without asking (the user's own earlier export). */
  const created = new Set<string>();
  const checkDocument = (id: number | null | undefined) => {
    if (id != null && !core.store.documents.get(id)) throw new ApiError('not_found', `no document ${id}`);
  };
  return {
    'graph.formats': () => FORMATS,
    'graph.export': async ({ format, options, path: out, overwrite }) => {
      checkDocument(options.documentId);
      const counts = core.store.exportCounts(toFilter(options));
      if (out) {
        const target = realResolve(out);
        if (isFolderFormat(format) && fs.existsSync(target) && !fs.statSync(target).isDirectory())
          throw new ApiError('bad_request', `${format} writes a folder, and ${target} is a file`);
        if (!isFolderFormat(format) && fs.existsSync(target) && fs.statSync(target).isDirectory())
          throw new ApiError('bad_request', `${target} is a folder; ${format} writes one file`);
        if (!overwrite && !created.has(target)) {
          const conflict = overwriteConflict(target, isFolderFormat(format), 'give overwrite: true (the CLI: --force)');
          if (conflict) throw new ApiError('conflict', `graph.export: ${conflict}`);
        }
        created.add(target);
        const job = core.jobs.enqueue('graph.export', { format, options, path: target });
        return { format, counts, job };
      }
      if (counts.edges > INLINE_EXPORT_MAX_EDGES) {
        throw new ApiError(
          'conflict',
          `${counts.edges} triples are too many to return inline (limit ${INLINE_EXPORT_MAX_EDGES}): give a path to export as a job`,
        );
      }
      const snap = openExportSnapshot(core.dbPath);
      try {
        const target = new InlineTarget();
        await runExport(snap.db, format, options, target);
        return { format, counts, files: target.result() };
      } finally {
        snap.close();
      }
    },
    'graph.import': async ({ format, path: file, content, files }) => {
      if (content !== undefined && isFolderFormat(format))
        throw new ApiError('bad_request', `${format} is a set of files: give files: [{name: 'nodes.csv', text}, ...]`);
      let tmp: string | null = null;
      let source = file ? path.resolve(file) : '';
      if (!file) {
        tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'graphwright-import-'));
        if (files) {
          for (const f of files) fs.writeFileSync(path.join(tmp, path.basename(f.name)), f.text);
          source = isFolderFormat(format) ? tmp : path.join(tmp, path.basename(files[0].name));
        } else {
          source = path.join(tmp, `upload.${format}`);
          fs.writeFileSync(source, content ?? '');
        }
      }
      try {
        // off the core's event loop (a worker thread with its own connection), progress as events
        const shown = tmp ? path.basename(source) : source;
        const r = await importGraphOffThread(core.store.db, format, source, {
          onProgress: (p) => core.bus.emit('graph.import.progress', { format, file: shown, triples: p.triples }),
        });
        core.bus.emit('graph.changed', { reason: 'import' });
        if (r.documents.placeholders) core.bus.emit('documents.changed', { reason: 'import' });
        return { format, ...r };
      } catch (err) {
        if (err instanceof ImportError) throw new ApiError('failed', tmp ? err.message.replaceAll(tmp + path.sep, '') : err.message);
        throw err;
      } finally {
        if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
