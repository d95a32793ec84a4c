import { useEffect, useState } from 'react';
import { useCall, useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import type { Chunk } from '../../../../shared/schemas';

const MAX_CHUNKS = 150;

function ChunkBlock({ chunk, focused }: { chunk: Chunk; focused: boolean }) {
  return (
    <article className={focused ? 'chunk focused' : 'chunk'} data-testid={focused ? 'focused-chunk' : 'chunk'} id={`chunk-${chunk.id}`}>
      <header className="chunk-head">
        <span>Chunk {chunk.ordinal + 1}</span>
        {chunk.page != null && <span className="page-mark">page {chunk.page}</span>}
        <span className="muted">
          [{chunk.start}, {chunk.end})
        </span>
        {chunk.headingPath.length > 0 && <span className="heading-path">{chunk.headingPath.join(' › ')}</span>}
      </header>
      <div className="chunk-text">{chunk.text}</div>
    </article>
  );
}

export function DocumentViewer({ id, focusChunk, onClose }: { id: number; focusChunk?: number | null; onClose: () => void }) {
  const [original, setOriginal] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const doc = useCall('documents.get', { id, original });
  const chunks = useCall('documents.chunks', { id });
  const remove = useCallMutation('documents.remove', ['documents.list', 'app.status']);
  const d = doc.data;
  const list = chunks.data ?? [];
  const focusIndex = focusChunk != null ? list.findIndex((c) => c.id === focusChunk) : -1;
  const shown = showAll || focusIndex >= MAX_CHUNKS ? list : list.slice(0, MAX_CHUNKS);
  useEffect(() => {
    if (focusChunk != null && list.length) document.getElementById(`chunk-${focusChunk}`)?.scrollIntoView?.({ block: 'center' });
  }, [focusChunk, list.length, original]);
  return (
    <section className="doc-viewer" aria-label="Document viewer">
      <header className="doc-viewer-head">
        <h2 title={d?.path ?? undefined}>{d?.title ?? '…'}</h2>
        <div className="spacer" />
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
      <div className="doc-body" data-testid="document-text">
        {original ? (
          <pre className="original-text">{d?.text}</pre>
        ) : (
          <>
            {shown.map((c) => (
              <ChunkBlock key={c.id} chunk={c} focused={c.id === focusChunk} />
            ))}
            {list.length > shown.length && (
              <button type="button" className="secondary" onClick={() => setShowAll(true)}>
                Show all {list.length} chunks
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
