import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCall, useJobs } from '../../api/hooks';
import { JOBS_LIST_KEY } from '../../api/freshness';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { isJobOf, type TypedJobInfo } from '../../../../shared/contract/jobs';
import { SAMPLES_DATABASE } from '../../../../shared/contract/app';
import { baseName, extractSummaryText, extractionTitle, ITEM_STATE_LABEL, shortTime } from './jobText';
import { pathsForFiles } from './dropFiles';
import { ExtractControl } from './ExtractControl';
import { navigate, useRouteParam } from '../../nav';
import { DocumentViewer } from './DocumentViewer';
import { FailedAnswers } from '../../components/FailedAnswers';
import { DiffView } from '../diff/DiffView';
import { EditionBadge, EditionNotice, NewEditionPicker, useEditions } from '../diff/Editions';
import '../../styles/documents.css';

interface DropRun {
  jobId: number | null;
  preparing: string | null;
  uploadFailed: { path: string; error: string }[];
  /** "New edition of…" chosen before the drop: the document the import becomes the next version of. */
  editionOf?: number | null;
}

function IngestSummary({ job, uploadFailed }: { job: TypedJobInfo; uploadFailed: DropRun['uploadFailed'] }) {
  const r = (isJobOf(job, 'ingest') ? job.result : undefined) ?? { imported: [], skipped: [], failed: [] };
  const failed = [...uploadFailed, ...r.failed];
  return (
    <div className="ingest-summary" role="status" data-testid="ingest-summary">
      <strong>{job.state === 'done' ? 'Import finished' : job.state === 'cancelled' ? 'Import cancelled' : 'Import failed'}:</strong> {r.imported.length}{' '}
      imported, {r.skipped.length} skipped, {failed.length} failed
      {job.error && <div className="error-text">{job.error}</div>}
      {(r.skipped.length > 0 || failed.length > 0) && (
        <ul className="ingest-issues">
          {r.skipped.map((s) => (
            <li key={`s-${s.path}`}>
              <span className="muted">skipped</span> {s.path}: {s.reason}
            </li>
          ))}
          {failed.map((f) => (
            <li key={`f-${f.path}`} className="error-text">
              failed {f.error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The sample documents live in a database of their own ("Samples", made on the first run), never in
 * the user's: an empty database offers to open them instead.
 */
function SamplesOffer() {
  const api = useApi();
  const list = useCall('databases.list', {});
  const [error, setError] = useState<Error | null>(null);
  const samples = list.data?.items.find((d) => d.name === SAMPLES_DATABASE && !d.current);
  if (!samples || !list.data?.canSwitch) return null;
  return (
    <p data-testid="samples-offer">
      To try Graphwright first:{' '}
      <button type="button" className="secondary" onClick={() => void api.call('databases.open', { name: samples.name }).catch(setError)}>
        Open the sample documents
      </button>{' '}
      <span className="muted small">(in their own database, “{samples.name}”; the status bar’s Database switches back)</span>
      <ErrorBox error={error} />
    </p>
  );
}

/** One row per file of an ingest (from the job's progress events): its state, and why it failed or was skipped. */
function FileRows({ job }: { job: TypedJobInfo }) {
  const items = job.progress.items;
  if (!items?.length) return null;
  return (
    <table className="grid file-rows" aria-label="Files in this import" data-testid="ingest-files">
      <thead>
        <tr>
          <th>File</th>
          <th>State</th>
          <th>Details</th>
        </tr>
      </thead>
      <tbody>
        {items.map((it, i) => (
          <tr key={`${i}-${it.name}`} data-state={it.state}>
            <td title={it.name}>{baseName(it.name)}</td>
            <td>
              <span className={`item-state item-${it.state}`}>{ITEM_STATE_LABEL[it.state]}</span>
            </td>
            <td className={it.state === 'failed' ? 'error-text' : 'muted'}>{it.detail ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An extraction job started here: its progress, then one line saying what it did. */
function ExtractRun({ job, onDismiss }: { job: TypedJobInfo; onDismiss: () => void }) {
  const api = useApi();
  const docs = useCall('documents.list', {});
  const titleOf = (id: number) => docs.data?.find((d) => d.id === id)?.title;
  const active = job.state === 'queued' || job.state === 'running';
  const summary = isJobOf(job, 'extract') ? job.result : undefined;
  return (
    <div className="ingest-run" aria-live="polite" data-testid="extract-run">
      {active ? (
        <div className="ingest-progress">
          <span>{job.title}</span>
          <progress max={Math.max(job.progress.total, 1)} value={job.progress.done} />
          <span className="muted">{job.progress.message}</span>
          <button type="button" className="link" onClick={() => void api.call('jobs.cancel', { id: job.id })}>
            Cancel
          </button>
        </div>
      ) : (
        <div role="status" data-testid="extract-summary" className="ingest-progress">
          <strong>{job.state === 'done' ? 'Extraction finished' : job.state === 'cancelled' ? 'Extraction cancelled' : 'Extraction failed'}:</strong>
          <span>{job.state === 'done' && summary ? extractSummaryText(summary, titleOf) : (job.error ?? job.progress.message ?? '')}</span>
          {job.state === 'done' && summary && <FailedAnswers summary={summary} />}
          <div className="spacer" />
          <button type="button" className="link" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}

export function DocumentsView() {
  const api = useApi();
  const qc = useQueryClient();
  const docs = useCall('documents.list', {});
  const [selected, setSelected] = useState<number | null>(null);
  // A citation or evidence link opens #/documents?chunk=ID: show that passage in its document.
  const chunkParam = useRouteParam('chunk');
  const focusChunk = chunkParam ? Number(chunkParam) : null;
  // ...and with cite=TEXT (a chat citation), the sentence it quotes is marked.
  const cite = useRouteParam('cite');
  // ...&start=S&end=E: the evidence span in it; &view=page: shown on its page (a PDF)
  const startParam = useRouteParam('start');
  const endParam = useRouteParam('end');
  const focusSpan = startParam && endParam ? { start: Number(startParam), end: Number(endParam) } : null;
  const pageView = useRouteParam('view') === 'page';
  const linked = useCall('chunks.get', { id: focusChunk ?? 1 }, { enabled: focusChunk != null && focusChunk > 0 });
  useEffect(() => {
    if (linked.data) setSelected(linked.data.documentId);
  }, [linked.data]);
  const [dragging, setDragging] = useState(false);
  const [run, setRun] = useState<DropRun | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const jobs = useJobs();
  const job = run?.jobId != null ? jobs.data?.find((j) => j.id === run.jobId) : undefined;
  const active = job && (job.state === 'queued' || job.state === 'running');
  const list = docs.data ?? [];
  const [extractJobId, setExtractJobId] = useState<number | null>(null);
  const extractJob = extractJobId != null ? jobs.data?.find((j) => j.id === extractJobId) : undefined;
  // Editions: #/documents?diff=ID[&from=V&to=V] shows the diff of a version pair.
  const diffParam = useRouteParam('diff');
  const diffFrom = useRouteParam('from');
  const diffTo = useRouteParam('to');
  const editions = useEditions(docs.dataUpdatedAt);
  const [editionOf, setEditionOf] = useState<number | null>(null);

  async function ingestFiles(files: File[]) {
    if (!files.length) return;
    setError(null);
    setRun({ jobId: null, preparing: files[0].name, uploadFailed: [] });
    try {
      const prepared = await pathsForFiles(api, files, (name) => setRun((r) => r && { ...r, preparing: name }));
      if (!prepared.paths.length) {
        setRun(null);
        setError(new Error(prepared.failed.map((f) => f.error).join('\n') || 'nothing to import'));
        return;
      }
      // an 'ingest' job, checked as such by the client (documents.ingest answers its kind's job)
      const started = await api.call('documents.ingest', { paths: prepared.paths });
      qc.setQueryData<TypedJobInfo[]>(JOBS_LIST_KEY, (old) => [started, ...(old ?? []).filter((j) => j.id !== started.id)]);
      setRun({ jobId: started.id, preparing: null, uploadFailed: prepared.failed, editionOf });
      setEditionOf(null);
    } catch (err) {
      setRun(null);
      setError(err as Error);
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void ingestFiles(Array.from(e.dataTransfer.files));
  };

  return (
    <section
      className={dragging ? 'view drop-target dragging' : 'view drop-target'}
      aria-labelledby="documents-title"
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <header className="view-header">
        <h1 id="documents-title">Documents</h1>
        <span className="muted">{list.length ? `${list.length} documents` : ''}</span>
        <div className="spacer" />
        <NewEditionPicker docs={list.filter((d) => editions.get(d.id)?.current !== false)} value={editionOf} onChange={setEditionOf} />
        {list.length > 0 && <ExtractControl documentId={selected} onStarted={(j) => setExtractJobId(j.id)} />}
        <button type="button" className="primary" onClick={() => input.current?.click()}>
          Add files…
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          data-testid="file-input"
          onChange={(e) => {
            void ingestFiles(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </header>
      <ErrorBox error={docs.error ?? error ?? linked.error} />
      {run && (
        <div className="ingest-run" aria-live="polite">
          {run.preparing && <div>Uploading {run.preparing}…</div>}
          {job && active && (
            <div className="ingest-progress">
              <span>{job.title}</span>
              <progress data-testid="ingest-progress" max={Math.max(job.progress.total, 1)} value={job.progress.done} />
              <span className="muted">{job.progress.message}</span>
              <button type="button" className="link" onClick={() => void api.call('jobs.cancel', { id: job.id })}>
                Cancel
              </button>
            </div>
          )}
          {job && !active && <IngestSummary job={job} uploadFailed={run.uploadFailed} />}
          {job && !active && <EditionNotice job={job} editionOf={run.editionOf} onExtractStarted={(j) => setExtractJobId(j.id)} />}
          {job && <FileRows job={job} />}
        </div>
      )}
      {extractJob && <ExtractRun job={extractJob} onDismiss={() => setExtractJobId(null)} />}
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <Icon name="drop" size={48} />
          <div>Drop to import</div>
        </div>
      )}
      {diffParam ? (
        <DiffView
          id={Number(diffParam)}
          from={diffFrom ? Number(diffFrom) : undefined}
          to={diffTo ? Number(diffTo) : undefined}
          onClose={() => navigate('documents')}
          onExtractStarted={(j) => setExtractJobId(j.id)}
        />
      ) : docs.isSuccess && list.length === 0 && !run ? (
        <EmptyState title="Drop documents here" icon="drop">
          <p>Drag PDF, Word, HTML, Markdown or text files onto this window to add them to the graph, or use “Add files…”.</p>
          <p className="muted">Each document is repaired, split into passages and kept with its pages, so every fact can point back to its source.</p>
          <SamplesOffer />
        </EmptyState>
      ) : (
        <div className={selected != null ? 'split' : undefined}>
          <div className="split-list">
            <table className="grid" aria-label="Documents">
              <thead>
                <tr>
                  <th>Title</th>
                  <th>Format</th>
                  <th>Language</th>
                  <th className="num">Pages</th>
                  <th className="num">Chunks</th>
                  <th title="Where the document stands with extraction: ingested, extracting, extracted, stale (chunks left unread) or failed">Extraction</th>
                  <th className="num" title="Triples with evidence in this document (any status), and how many are accepted">
                    Triples
                  </th>
                  <th>Engine</th>
                  <th>Last run</th>
                </tr>
              </thead>
              <tbody>
                {list.map((d) => (
                  <tr
                    key={d.id}
                    className={d.id === selected ? 'selected' : undefined}
                    onClick={() => setSelected(d.id)}
                    onKeyDown={(e) => e.key === 'Enter' && setSelected(d.id)}
                    tabIndex={0}
                    aria-selected={d.id === selected}
                  >
                    <td title={d.path ?? undefined}>
                      {d.title}
                      <EditionBadge info={editions.get(d.id)} />
                    </td>
                    <td>{d.format}</td>
                    <td>{d.language ?? '—'}</td>
                    <td className="num">{d.pages ?? '—'}</td>
                    <td className="num">{d.chunks}</td>
                    <td data-testid="extraction-status">
                      <span className={`item-state extraction-${d.extraction.status}`} title={extractionTitle(d.extraction)}>
                        {d.extraction.status}
                      </span>
                      {d.extraction.status === 'stale' && (
                        <span className="muted">
                          {' '}
                          {d.extraction.chunksRead}/{d.extraction.chunks}
                        </span>
                      )}
                      {d.extraction.status === 'extracted' && d.extraction.reason && (
                        <div className="extraction-note" data-testid="extraction-note">
                          {d.extraction.reason}
                        </div>
                      )}
                    </td>
                    <td className="num" title={`${d.extraction.accepted} accepted`}>
                      {d.extraction.triples}
                    </td>
                    <td>{d.extraction.engine ?? '—'}</td>
                    <td title={d.extraction.lastRun ? `job ${d.extraction.lastRun.job}: ${d.extraction.lastRun.state}` : undefined}>
                      {d.extraction.lastRun ? shortTime(d.extraction.lastRun.at) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.length > 0 && (
              <div className="drop-hint" data-testid="drop-hint">
                <Icon name="drop" size={20} />
                <span>Drop more files anywhere on this view to add them, or</span>
                <button type="button" className="link" onClick={() => input.current?.click()}>
                  choose files…
                </button>
              </div>
            )}
          </div>
          {selected != null && (
            <DocumentViewer
              key={`${selected}:${pageView ? 'pages' : 'text'}:${focusSpan?.start ?? ''}`}
              id={selected}
              focusChunk={linked.data?.documentId === selected ? focusChunk : null}
              cite={cite}
              focusSpan={linked.data?.documentId === selected ? focusSpan : null}
              initialView={pageView ? 'pages' : 'text'}
              onClose={() => {
                setSelected(null);
                if (focusChunk != null) navigate('documents');
              }}
            />
          )}
        </div>
      )}
    </section>
  );
}
