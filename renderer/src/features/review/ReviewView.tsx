import { useCall } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';

export function ReviewView() {
  const triples = useCall('triples.list', { limit: 200, offset: 0 });
  const items = triples.data?.items ?? [];
  return (
    <section className="view" aria-labelledby="review-title">
      <header className="view-header">
        <h1 id="review-title">Review</h1>
        {triples.data && <span className="muted">{triples.data.total} triples</span>}
      </header>
      <ErrorBox error={triples.error} />
      {triples.isSuccess && items.length === 0 ? (
        <EmptyState title="Nothing to review yet" icon="review">
          <p>Add documents, then extract a graph: proposed triples appear here for you to accept, reject or correct.</p>
        </EmptyState>
      ) : (
        <table className="grid" aria-label="Triples">
          <thead>
            <tr>
              <th>Subject</th>
              <th>Relation</th>
              <th>Object</th>
              <th>Stage</th>
              <th>Status</th>
              <th className="num">Confidence</th>
              <th>Engine</th>
            </tr>
          </thead>
          <tbody>
            {items.map((t) => (
              <tr key={t.id}>
                <td>{t.subject}</td>
                <td>{t.relation}</td>
                <td>{t.object}</td>
                <td>{t.stage}</td>
                <td>{t.status}</td>
                <td className="num">{t.confidence.toFixed(2)}</td>
                <td>{t.engine}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
