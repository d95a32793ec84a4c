import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCall, useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import { dialogOpen } from '../../components/Dialog';
import { fromTextField } from '../review/reviewKeys';
import type { Chunk } from '../../../../shared/schemas';
import type { DocumentStructureInfo } from '../../../../shared/contract/documents';
import { looksLikeMarkdown } from '../../components/markdownRuns';
import { PageView } from './PageView';
import { ChunkText } from './ChunkTables';
import { tablesByChunk, type TableInChunk } from './tablesInChunks';

const MAX_CHUNKS = 150;

const squash = (s: string) =>
  s
    .replace(/[\s.]+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The heading path shown above a chunk: without its last heading when the chunk's text opens with
 * that heading's line, so a heading is not printed twice.
 */
function shownHeadingPath(chunk: Pick<Chunk, 'headingPath' | 'text'>): string[] {
  const path = chunk.headingPath;
  if (!path.length) return path;
  const last = squash(path[path.length - 1]);
  return last && squash(chunk.text.slice(0, path[path.length - 1].length + 40)).startsWith(last) ? path.slice(0, -1) : path;
}

const REGION_LABEL: Record<string, string> = {
  'front-matter': 'front matter',
  status: 'status notice',
  copyright: 'copyright notice',
  ipr: 'intellectual property notice',
  toc: 'table of contents',
  authors: 'author addresses',
  'page-header': 'page header',
  'page-footer': 'page footer',
  references: 'references',
  acknowledgements: 'acknowledgements',
};

/** The boilerplate kinds covering most of a chunk (nothing is extracted from there). */
function boilerplateOf(structure: DocumentStructureInfo | undefined, chunk: Chunk): string | null {
  if (!structure) return null;
  let best: { kind: string; overlap: number } | null = null;
  for (const r of structure.boilerplate) {
    const overlap = Math.min(chunk.end, r.end) - Math.max(chunk.start, r.start);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { kind: r.kind, overlap };
  }
  return best && best.overlap * 2 >= chunk.end - chunk.start ? best.kind : null;
}

function ChunkBlock({
  chunk,
  focused,
  boilerplate,
  markdown,
  tables,
  tablesAsText,
  onTableToggle,
  cited,
}: {
  chunk: Chunk;
  focused: boolean;
  boilerplate: string | null;
  markdown: boolean;
  /** The document's tables this chunk holds a part of. */
  tables: TableInChunk[];
  tablesAsText: ReadonlyMap<number, boolean>;
  onTableToggle: (tableStart: number, asText: boolean) => void;
  /** The cited sentence, in document offsets: marked and scrolled to (the chunk itself only framed). */
  cited?: { start: number; end: number } | null;
}) {
  const path = shownHeadingPath(chunk);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // (Chromium's scrollIntoView returns a promise: never hand it back to React as a cleanup.)
    if (cited) void ref.current?.scrollIntoView?.({ block: 'center' });
  }, [cited]);
  const cls = ['chunk', focused ? 'focused' : '', focused && cited ? 'cites' : '', boilerplate ? 'boilerplate' : ''].filter(Boolean).join(' ');
  return (
    <article className={cls} data-testid={focused ? 'focused-chunk' : 'chunk'} id={`chunk-${chunk.id}`} data-boilerplate={boilerplate ?? undefined}>
      <header className="chunk-head">
        <span>Chunk {chunk.ordinal + 1}</span>
        {chunk.page != null && <span className="page-mark">page {chunk.page}</span>}
        <span className="muted">
          [{chunk.start}, {chunk.end})
        </span>
        {path.length > 0 && <span className="heading-path">{path.join(' › ')}</span>}
        {boilerplate && (
          <span className="boilerplate-mark" title="Boilerplate: kept in the text, nothing is extracted from it">
            {REGION_LABEL[boilerplate] ?? boilerplate}
          </span>
        )}
      </header>
      <ChunkText
        chunk={chunk}
        tables={tables}
        markdown={markdown}
        asText={tablesAsText}
        onToggle={onTableToggle}
        marks={
          cited ? [{ start: cited.start - chunk.start, end: cited.end - chunk.start, tag: 'mark', className: 'cited', testId: 'cited-sentence', ref }] : []
        }
      />
    </article>
  );
}

export function DocumentViewer({
  id,
  focusChunk,
  cite,
  focusSpan = null,
  initialView = 'text',
  onClose,
}: {
  id: number;
  focusChunk?: number | null;
  /** The text a citation of the focused chunk quotes: its sentence is marked. */
  cite?: string | null;
  /** The evidence span to show on the page (the page view highlights it). */
  focusSpan?: { start: number; end: number } | null;
  initialView?: 'text' | 'pages';
  onClose: () => void;
}) {
  const [original, setOriginal] = useState(false);
  const [view, setView] = useState<'text' | 'pages'>(initialView);
  const [showAll, setShowAll] = useState(false);
  const doc = useCall('documents.get', { id, original });
  const chunks = useCall('documents.chunks', { id });
  const structure = useCall('documents.structure', { id });
  const remove = useCallMutation('documents.remove', ['documents.list', 'app.status']);
  const located = useCall('chunks.locate', { id: focusChunk ?? 1, text: cite ?? '' }, { enabled: focusChunk != null && !!cite?.trim() });
  const d = doc.data;
  const markdown = !!d && (d.format === 'markdown' || looksLikeMarkdown(d.text));
  const list = chunks.data ?? [];
  const focusIndex = focusChunk != null ? list.findIndex((c) => c.id === focusChunk) : -1;
  const shown = showAll || focusIndex >= MAX_CHUNKS ? list : list.slice(0, MAX_CHUNKS);
  // Tables shown as their lines instead (by their start in the text); none when another document opens.
  const [tablesAsText, setTablesAsText] = useState<ReadonlyMap<number, boolean>>(new Map());
  useEffect(() => setTablesAsText(new Map()), [id]);
  const toggleTable = useCallback((start: number, asText: boolean) => setTablesAsText((m) => new Map(m).set(start, asText)), []);
  const tables = useMemo(() => tablesByChunk(structure.data, chunks.data ?? []), [structure.data, chunks.data]);
  // Esc closes the viewer (not while typing, not when a dialog over it takes the key).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || dialogOpen() || fromTextField(e)) return;
      e.preventDefault();
      onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const cited = located.data ?? null;
  useEffect(() => {
    // a cited sentence scrolls itself into view (ChunkBlock); else the chunk is centred
    if (focusChunk != null && list.length && !cited) document.getElementById(`chunk-${focusChunk}`)?.scrollIntoView?.({ block: 'center' });
  }, [focusChunk, list.length, original, cited]);
  return (
    <section className="doc-viewer" aria-label="Document viewer">
      <header className="doc-viewer-head">
        <h2 title={d?.path ?? undefined}>{d?.title ?? '…'}</h2>
        <div className="spacer" />
        {d?.format === 'pdf' && (
          <span className="view-toggle" role="group" aria-label="Show">
            <button type="button" className="secondary" aria-pressed={view === 'pages'} onClick={() => setView('pages')}>
              Pages
            </button>
            <button type="button" className="secondary" aria-pressed={view === 'text'} onClick={() => setView('text')}>
              Text
            </button>
          </span>
        )}
        <label className="toggle">
          <input type="checkbox" checked={original} onChange={(e) => setOriginal(e.target.checked)} /> Original extraction
        </label>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            if (window.confirm(`Remove "${d?.title}" and its chunks from the library?`)) remove.mutate({ id }, { onSuccess: onClose });
          }}
        >
          Remove
        </button>
        <button type="button" className="secondary" onClick={onClose} aria-label="Close document">
          ✕
        </button>
      </header>
      {d && (
        <dl className="doc-facts">
          <dt>Format</dt>
          <dd>{d.format}</dd>
          <dt>Language</dt>
          <dd data-testid="doc-language">{d.language ?? 'unknown'}</dd>
          <dt>Pages</dt>
          <dd>{d.pages ?? '—'}</dd>
          <dt>Chunks</dt>
          <dd>{d.chunks}</dd>
          <dt>Characters</dt>
          <dd>{d.text.length.toLocaleString()}</dd>
        </dl>
      )}
      <ErrorBox error={doc.error ?? chunks.error ?? remove.error} />
      {view === 'pages' && d?.format === 'pdf' ? (
        <PageView id={id} span={focusSpan} />
      ) : (
        <div className="doc-body" data-testid="document-text">
          {original ? (
            <pre className="original-text">{d?.text}</pre>
          ) : (
            <>
              {shown.map((c) => (
                <ChunkBlock
                  key={c.id}
                  chunk={c}
                  focused={c.id === focusChunk}
                  boilerplate={boilerplateOf(structure.data, c)}
                  markdown={markdown}
                  tables={tables.get(c.id) ?? []}
                  tablesAsText={tablesAsText}
                  onTableToggle={toggleTable}
                  cited={c.id === focusChunk ? cited : null}
                />
              ))}
              {list.length > shown.length && (
                <button type="button" className="secondary" onClick={() => setShowAll(true)}>
                  Show all {list.length} chunks
                </button>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
