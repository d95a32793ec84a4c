import fs from 'node:fs';
import path from 'node:path';
import type { HandlersOf } from '../../../shared/dispatch';
import type { ingestCalls } from '../../../shared/contract';
import { ApiError } from '../../../shared/errors';
import type { Services } from '../services';
import { INGEST_JOB } from '../ingest/job';
import type { IngestJobParams as IngestParams } from '../../../shared/contract/ingest';
import { sha256 } from '../ingest/pipeline';
import { editionsOf } from '../editions/apply';

/** A file name safe on every platform, keeping its extension. */
function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  const cleaned = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f<>:"/\\|?*\u007f]/g, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(-180);
  return cleaned || 'upload';
}

export function ingestHandlers(core: Pick<Services, 'bus' | 'dataDir' | 'grants' | 'jobs' | 'store'>): HandlersOf<typeof ingestCalls> {
  return {
    'documents.ingest': ({ paths, chunker, chunkSize, overlap, skipBadRecords }) => {
      const params: IngestParams = { paths: paths.map((p) => path.resolve(p)), chunker, chunkSize, overlap, ...(skipBadRecords ? { skipBadRecords } : {}) };
      return core.jobs.enqueue(INGEST_JOB, params);
    },
    'documents.upload': ({ name, dataBase64 }) => {
      if (!/^[A-Za-z0-9+/=\s_-]*$/.test(dataBase64)) throw new ApiError('bad_request', `documents.upload: ${name}: dataBase64 is not base64`);
      const data = Buffer.from(dataBase64, 'base64');
      // Same content, same folder: uploading a file twice gives the same path (and a duplicate skip).
      const uploads = path.join(core.dataDir, 'uploads');
      const dir = path.join(uploads, sha256(data).slice(0, 16));
      const file = path.join(dir, safeFileName(name));
      // Written under a temporary name and renamed: a failed upload leaves no file behind (no
      // half-written document for a later ingest, no disk used).
      const part = path.join(dir, `.${process.pid}-${Date.now()}.part`);
      const hadDir = fs.existsSync(dir);
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(part, data, { flag: 'wx' });
        fs.renameSync(part, file);
      } catch (err) {
        fs.rmSync(part, { force: true });
        if (!hadDir) fs.rmSync(dir, { recursive: true, force: true });
        throw new ApiError(
          'failed',
          `documents.upload: ${safeFileName(name)}: could not be saved (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
        );
      }
      return { path: file, bytes: data.length };
    },
    'documents.folders': () => core.grants.remembered(),
    'documents.folders.forget': ({ path: p }) => ({ forgotten: core.grants.forget(p) }),
    'documents.remove': ({ id }) => {
      if (!core.store.documents.get(id)) throw new ApiError('not_found', `no document ${id}`);
      // a new edition's evidence goes back to the version before it (editions/apply.ts)
      const removed = core.store.transaction(() => (editionsOf(core.store).beforeRemove(id), core.store.documents.remove(id)));
      if (removed) core.bus.emit('documents.changed', { reason: 'removed' });
      return { id, removed };
    },
    'documents.pages': ({ id }) => {
      if (!core.store.documents.get(id)) throw new ApiError('not_found', `no document ${id}`);
      return core.store.documents.pages(id);
    },
    'documents.annotations': ({ id }) => {
      if (!core.store.documents.get(id)) throw new ApiError('not_found', `no document ${id}`);
      return core.store.documents.annotations(id);
    },
  };
}
