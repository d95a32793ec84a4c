import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';

export function DocumentsView() {
  const docs = useCall('documents.list', {});
  const [selected, setSelected] = useState<number | null>(null);
  const list = docs.data ?? [];
  return (
    <section className="view" aria-labelledby="documents-title">
      <header className="view-header">
        <h1 id="documents-title">Documents</h1>
      </header>
      <ErrorBox error={docs.error} />
      {docs.isSuccess && list.length === 0 ? (
        <EmptyState title="Drop documents here" icon="drop">
          <p>Drag PDF, Word, HTML, Markdown or text files onto this window to add them to the graph.</p>
          <p className="muted">Each document is repaired, split into passages and kept with its pages, so every fact can point back to its source.</p>
        </EmptyState>
      ) : (
        <table className="grid" aria-label="Documents">
          <thead>
            <tr>
              <th>Title</th>
              <th>Format</th>
              <th>Language</th>
              <th className="num">Pages</th>
              <th className="num">Chunks</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.id} className={d.id === selected ? 'selected' : undefined} onClick={() => setSelected(d.id)}>
                <td>{d.title}</td>
                <td>{d.format}</td>
                <td>{d.language ?? '—'}</td>
                <td className="num">{d.pages ?? '—'}</td>
                <td className="num">{d.chunks}</td>
                <td>{d.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
