import { useEffect, useMemo, useState } from 'react';
import { useApi, useCall, useCallMutation, useJobs } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { ApiError } from '../../../../shared/errors';
import { isJobOf } from '../../../../shared/contract/jobs';
import { downloadBlob } from '../../components/downloadBlob';
import type { ExportFile, ExportFormat, ImportFormat, ImportResult } from '../../../../shared/contract/export';
import '../../styles/export.css';
import { PublishPanel } from './PublishPanel';
import { folderExportName, unzipStored, zipFiles } from './zip';

function download(file: ExportFile): void {
  downloadBlob(new Blob([file.text], { type: file.mediaType }), file.name);
}

/**
 * A folder export (csv, neo4j-csv) downloaded from the browser host: one archive named by its
 * format (graphwright-neo4j-csv.zip), so two formats' nodes.csv never meet in a downloads folder.
 */
function downloadFolder(format: string, files: { name: string; data: string | Uint8Array }[]): string {
  const folder = folderExportName(format);
  const bytes = zipFiles(files.map((f) => ({ name: `${folder}/${f.name}`, data: f.data })));
  downloadBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), `${folder}.zip`);
  return `${folder}.zip`;
}

/** Guess the import format from a file name; the user can change it. */
function guessFormat(name: string): ImportFormat | null {
  const n = name.toLowerCase();
  if (n.endsWith('.ttl')) return 'ttl';
  if (n.endsWith('.nt')) return 'nt';
  if (n.endsWith('.jsonld') || n.endsWith('.json-ld')) return 'jsonld';
  if (n.endsWith('.graphml')) return 'graphml';
  if (n.endsWith('.cyjs')) return 'cyjs';
  if (n.endsWith('.cypher')) return 'cypher';
  if (n.endsWith('.csv')) return 'csv';
  if (n.endsWith('.zip')) return n.includes('neo4j') ? 'neo4j-csv' : 'csv'; // a folder export downloaded as one archive
  if (n.endsWith('.tsv') || n.endsWith('.txt')) return 'tsv';
  return null;
}

function ExportPanel() {
  const api = useApi();
  const formats = useCall('graph.formats', {});
  const docs = useCall('documents.list', {});
  const jobs = useJobs();
  const [format, setFormat] = useState<ExportFormat>('ttl');
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [documentId, setDocumentId] = useState<number | null>(null);
  const [concepts, setConcepts] = useState(true);
  const [provenance, setProvenance] = useState(true);
  const [withPaths, setWithPaths] = useState(false);
  const [base, setBase] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const run = useCallMutation('graph.export');
  const appInfo = useCall('app.info', {});
  // Browser host, graph too large to come back inline: the core writes it into its data folder's
  // exports/ as a job, and the files come back as downloads (a browser never names a path itself).
  const [bigExport, setBigExport] = useState<{ jobId: number; name: string; folder: boolean; format: string } | null>(null);
  const [bigError, setBigError] = useState<Error | null>(null);
  const exportable = (formats.data ?? []).filter((f) => f.export);
  const info = exportable.find((f) => f.id === format);
  const job = jobId != null ? jobs.data?.find((j) => j.id === jobId) : undefined;

  useEffect(() => {
    if (!bigExport || !job || job.id !== bigExport.jobId || job.state !== 'done' || !api.download) return;
    setBigExport(null);
    // Named relative to exports/: the file itself, or (csv, neo4j-csv) the files of its folder.
    const written = (isJobOf(job, 'graph.export') ? job.result?.files : undefined) ?? [];
    const files = bigExport.folder ? written.map((f) => `${bigExport.name}/${f.split(/[\\/]/).pop()}`) : [bigExport.name];
    void (async () => {
      try {
        if (bigExport.folder) {
          const parts = await Promise.all(
            files.map(async (f) => ({ name: f.split('/').pop() ?? f, data: new Uint8Array(await (await api.download!(f)).arrayBuffer()) })),
          );
          downloadFolder(bigExport.format, parts);
        } else for (const f of files) downloadBlob(await api.download!(f), f.split('/').pop() ?? f);
      } catch (err) {
        setBigError(err as Error);
      }
    })();
  }, [api, bigExport, job]);

  const exportToDataFolder = async (options: object) => {
    const dataDir = appInfo.data?.dataDir;
    if (!dataDir) return;
    const sep = dataDir.includes('\\') && !dataDir.includes('/') ? '\\' : '/';
    const name = `graph-${Date.now()}${info?.extension ?? ''}`;
    try {
      const r = await api.call('graph.export', { format, options, path: `${dataDir}${sep}exports${sep}${name}` });
      if (r.job) {
        setJobId(r.job.id);
        setBigExport({ jobId: r.job.id, name, folder: Boolean(info?.folder), format });
      }
    } catch (err) {
      setBigError(err as Error);
    }
  };

  const start = async () => {
    setDone(null);
    setBigError(null);
    const options = { acceptedOnly, documentId, concepts, provenance, paths: withPaths, ...(base.trim() ? { base: base.trim() } : {}) };
    let path: string | undefined;
    if (api.kind === 'electron') {
      // The native save dialog asks before replacing a file, so its answer is the confirmation
      // that lets the export overwrite (the dialog also grants the core that one path).
      const picked = await api.call('dialog.saveFile', { title: 'Export the graph', defaultName: `graph${info?.extension ?? ''}` });
      if (picked.canceled || !picked.path) return;
      path = picked.path;
    }
    run.mutate(
      { format, options, ...(path ? { path, overwrite: true } : {}) },
      {
        onSuccess: (r) => {
          if (r.job) setJobId(r.job.id);
          let names = (r.files ?? []).map((f) => f.name).join(', ');
          if (r.files && r.files.length > 1)
            names = `${downloadFolder(
              format,
              r.files.map((f) => ({ name: f.name, data: f.text })),
            )} (${names})`;
          else for (const f of r.files ?? []) download(f);
          const c = r.counts;
          setDone(
            `${c.nodes.entity + c.nodes.event} nodes, ${c.nodes.concept} concepts, ${c.edges} triples, ${c.provenance} evidence spans${r.files ? ` in ${names}` : ''}`,
          );
        },
        onError: (err) => {
          // Too many triples to come back inline: written as a job in the data folder, then downloaded.
          if (api.kind === 'http' && !path && err instanceof ApiError && err.code === 'conflict') {
            run.reset();
            void exportToDataFolder(options);
          }
        },
      },
    );
  };

  return (
    <section className="panel" aria-label="Export options">
      <h2 className="section-title">Export</h2>
      <div className="form-grid">
        <label htmlFor="export-format">Format</label>
        <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
          {exportable.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
        <label htmlFor="export-document">Document</label>
        <select id="export-document" value={documentId ?? ''} onChange={(e) => setDocumentId(e.target.value ? Number(e.target.value) : null)}>
          <option value="">All documents</option>
          {(docs.data ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {d.title}
            </option>
          ))}
        </select>
        <span />
        <div className="checks">
          <label>
            <input type="checkbox" checked={acceptedOnly} onChange={(e) => setAcceptedOnly(e.target.checked)} /> Accepted triples only
          </label>
          <label>
            <input type="checkbox" checked={concepts} onChange={(e) => setConcepts(e.target.checked)} /> Concept layer
          </label>
          <label>
            <input type="checkbox" checked={provenance} onChange={(e) => setProvenance(e.target.checked)} /> Provenance (evidence spans)
          </label>
          <label title="Off: each document is named by its title, content hash and file name. On: its full path on this machine as well.">
            <input type="checkbox" checked={withPaths} disabled={!provenance} onChange={(e) => setWithPaths(e.target.checked)} /> Local file paths of the
            documents
          </label>
        </div>
        {['ttl', 'nt', 'jsonld'].includes(format) && (
          <>
            <label htmlFor="export-base">IRI base</label>
            <input id="export-base" value={base} onChange={(e) => setBase(e.target.value)} placeholder="https://example.org/graph/ (default)" />
          </>
        )}
      </div>
      <button type="button" className="primary" onClick={() => void start()} disabled={run.isPending || !info}>
        {run.isPending ? 'Exporting…' : api.kind === 'electron' ? 'Export…' : 'Export and download'}
      </button>
      {job && (
        <div className="ingest-progress">
          <progress max={Math.max(job.progress.total, 1)} value={job.progress.done} />
          <span className="muted">{job.state === 'done' ? 'written' : (job.progress.message ?? job.state)}</span>
        </div>
      )}
      {done && (
        <p role="status" data-testid="export-done">
          Exported {done}.
        </p>
      )}
      <ErrorBox error={run.error ?? bigError} />
    </section>
  );
}

function ImportPanel() {
  const api = useApi();
  const formats = useCall('graph.formats', {});
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  /** Triples read so far, from the core's graph.import.progress events (every 20,000 triples). */
  const [read, setRead] = useState<number | null>(null);
  const importable = useMemo(() => (formats.data ?? []).filter((f) => f.import), [formats.data]);
  useEffect(() => {
    if (!busy) return;
    return api.on('graph.import.progress', (p) => {
      if (p.format === format) setRead(p.triples);
    });
  }, [api, busy, format]);

  const submit = async () => {
    if (!files.length || !format) return;
    setBusy(true);
    setRead(null);
    setError(null);
    setResult(null);
    try {
      // an archive a folder export downloaded as (graphwright-csv.zip): its files, by their own names
      const dec = new TextDecoder();
      const texts = (
        await Promise.all(
          files.map(async (f) =>
            f.name.toLowerCase().endsWith('.zip')
              ? unzipStored(new Uint8Array(await f.arrayBuffer()), f.name).map((e) => ({ name: e.name.split('/').pop() ?? e.name, text: dec.decode(e.data) }))
              : [{ name: f.name, text: await f.text() }],
          ),
        )
      ).flat();
      const several = format === 'csv' || format === 'neo4j-csv';
      const r = await api.call('graph.import', several ? { format, files: texts } : { format, content: texts[0].text });
      setResult(r);
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-label="Import a graph">
      <h2 className="section-title">Import a graph</h2>
      <p className="muted small">
        Turtle, N-Triples, JSON-LD, GraphML, CSV (nodes.csv + edges.csv, or the .zip a folder export downloads as), Cytoscape JSON, or `head|relation|tail`
        lines. Imported triples keep the status the file gives them (proposed, accepted, rejected: a round trip loses no review work); a triple without one
        comes in accepted. Everything is imported in one step or not at all.
      </p>
      <div className="form-grid">
        <label htmlFor="import-file">File(s)</label>
        <input
          id="import-file"
          type="file"
          multiple
          onChange={(e) => {
            const list = Array.from(e.target.files ?? []);
            setFiles(list);
            const guess = list[0] ? guessFormat(list[0].name) : null;
            if (guess) setFormat(guess);
          }}
        />
        <label htmlFor="import-format">Format</label>
        <select id="import-format" value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>
          <option value="">Choose…</option>
          {importable.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="primary" disabled={busy || !files.length || !format} onClick={() => void submit()}>
        {busy ? 'Importing…' : 'Import'}
      </button>
      {busy && (
        <div className="ingest-progress" role="status" data-testid="import-progress">
          <progress aria-label="Import progress" />
          <span className="muted">{read === null ? 'Importing…' : `${read.toLocaleString('en')} triples read…`}</span>
        </div>
      )}
      {result && (
        <p role="status" data-testid="import-done">
          Imported {result.nodes.created} new nodes ({result.nodes.existing} already there), {result.edges.created} new triples ({result.edges.existing} already
          there), {result.conceptLinks.created} concept links, {result.provenance.created} evidence spans in {result.seconds.toFixed(1)} s.
        </p>
      )}
      <ErrorBox error={error} />
    </section>
  );
}

export function ExportView() {
  return (
    <section className="view export-view" aria-labelledby="export-title">
      <header className="view-header">
        <h1 id="export-title">Export</h1>
      </header>
      <ExportPanel />
      <ImportPanel />
      <PublishPanel />
    </section>
  );
}
