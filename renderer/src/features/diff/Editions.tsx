// What the Documents view shows of editions: each version's badge (v2, superseded, changes to
// review), the "Import as: new edition of…" choice for the next drop, and after an import the new
// versions it made, each opening its diff.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCall } from '../../api/hooks';
import { navigate } from '../../nav';
import { isJobOf, type JobInfoOf, type TypedJobInfo } from '../../../../shared/contract/jobs';
import { useStartExtraction } from '../documents/ExtractControl';
import type { EditionInfo } from '../../../../shared/contract/editions';
import './diff.css';

/** The versioned documents (documents.editions), by id; refetched whenever the document list is. */
export function useEditions(listKey: unknown): Map<number, EditionInfo> {
  const editions = useCall('documents.editions', {});
  const { refetch } = editions;
  useEffect(() => {
    void refetch();
  }, [listKey, refetch]);
  return new Map((editions.data ?? []).map((e) => [e.id, e]));
}

const openDiff = (id: number) => navigate('documents', { diff: id });

/** "v2 · 3 to review" beside a title; "v1 · superseded" on a replaced version. */
export function EditionBadge({ info }: { info: EditionInfo | undefined }) {
  if (!info) return null;
  return (
    <span className="edition-badge" data-testid="edition-badge">
      <span
        className={info.current ? 'item-state edition-current' : 'item-state edition-old'}
        title={info.current ? 'The newest version' : 'A newer version replaced it (kept, readable)'}
      >
        v{info.version}
        {info.current ? '' : ' · superseded'}
      </span>
      {info.previousId !== null && (
        <button
          type="button"
          className="link"
          onClick={(e) => {
            e.stopPropagation();
            openDiff(info.id);
          }}
        >
          {info.open ? `${info.open} changes to review` : 'changes'}
        </button>
      )}
    </span>
  );
}

/**
 * "Extract the 4 changed chunks now": a new version whose changed chunks no engine has read yet (the
 * unchanged ones count as read: editions copy what was extracted from them). Starts the extraction of
 * that document with the engine that read it last (the classic one, or the extraction model); hidden
 * once every chunk is read.
 */
export function ExtractChanged({ id, changedChunks, onStarted }: { id: number; changedChunks: number; onStarted?: (job: JobInfoOf<'extract'>) => void }) {
  const docs = useCall('documents.list', {});
  const { start, run } = useStartExtraction();
  const e = docs.data?.find((d) => d.id === id)?.extraction;
  if (!e || e.status === 'extracting') return null;
  const unread = e.chunks - e.chunksRead;
  if (unread <= 0 || e.status === 'extracted') return null;
  const what = unread === changedChunks ? 'changed chunk' : 'unread chunk';
  const engine = e.engine && e.engine !== 'classic' ? 'model' : 'classic';
  return (
    <button
      type="button"
      className="secondary small"
      data-testid="extract-changed"
      disabled={start.isPending}
      title={`Extract ${e.engine ? `with ${e.engine}, ` : ''}reading only the chunks of this version that no engine read yet`}
      onClick={() => run(engine, { documents: [id] }, onStarted)}
    >
      Extract the {unread} {what}
      {unread === 1 ? '' : 's'} now
    </button>
  );
}

/** The next drop imports new documents, or a new edition of the document chosen here. */
export function NewEditionPicker({
  docs,
  value,
  onChange,
}: {
  docs: { id: number; title: string }[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  if (!docs.length) return null;
  return (
    <label className="edition-picker">
      Import as{' '}
      <select aria-label="Import as" value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} data-testid="import-as">
        <option value="">new documents</option>
        {docs.map((d) => (
          <option key={d.id} value={d.id}>
            new edition of {d.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * After an import: the documents it made that are new versions (same path, same standard, or the
 * edition chosen before the drop, linked here once the job is done), each opening its diff.
 */
export function EditionNotice({
  job,
  editionOf,
  onExtractStarted,
}: {
  job: TypedJobInfo;
  editionOf?: number | null;
  onExtractStarted?: (job: JobInfoOf<'extract'>) => void;
}) {
  const api = useApi();
  const qc = useQueryClient();
  const linked = useRef(new Set<number>());
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(editionOf == null);
  const imported = (isJobOf(job, 'ingest') ? job.result?.imported : undefined) ?? [];
  const editions = useCall('documents.editions', {}, { enabled: job.state === 'done' && ready });
  useEffect(() => {
    if (job.state !== 'done' || editionOf == null || linked.current.has(job.id)) return;
    linked.current.add(job.id);
    const link = async () => {
      try {
        if (imported.length !== 1) throw new Error(`a new edition is one document; this import made ${imported.length}`);
        const current = await api.call('documents.editions', {});
        if (!current.some((e) => e.id === imported[0].id && e.previousId !== null))
          await api.call('documents.newEdition', { id: imported[0].id, of: editionOf });
      } catch (err) {
        setError((err as Error).message);
      } finally {
        for (const key of ['documents.editions', 'documents.list', 'documents.versions', 'documents.diff']) void qc.invalidateQueries({ queryKey: [key] });
        setReady(true);
      }
    };
    void link();
  }, [job.state, job.id, editionOf, imported, api, qc]);
  const updated = imported.map((d) => editions.data?.find((e) => e.id === d.id && e.previousId !== null)).filter((e): e is EditionInfo => Boolean(e));
  if (!updated.length && !error) return null;
  return (
    <div className="edition-notice" role="status" data-testid="edition-notice">
      {error && <div className="error-text">New edition not linked: {error}</div>}
      {updated.map((u) => (
        <div key={u.id}>
          Document {u.id} is version {u.version} of document {u.previousId}: {u.changedChunks} chunk{u.changedChunks === 1 ? '' : 's'} changed; extraction reads
          only those. <ExtractChanged id={u.id} changedChunks={u.changedChunks} onStarted={onExtractStarted} />{' '}
          <button type="button" className="link" onClick={() => openDiff(u.id)}>
            Review the changes
          </button>
        </div>
      ))}
    </div>
  );
}
