import { useCall } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';

export function GraphView() {
  const status = useCall('app.status', {});
  const s = status.data;
  const nodes = s ? s.nodes.entity + s.nodes.event + s.nodes.concept : 0;
  return (
    <section className="view" aria-labelledby="graph-title">
      <header className="view-header">
        <h1 id="graph-title">Graph</h1>
        {s && <span className="muted">{nodes} nodes</span>}
      </header>
      <ErrorBox error={status.error} />
      {status.isSuccess && nodes === 0 && (
        <EmptyState title="The graph is empty" icon="graph">
          <p>Extract a graph from your documents, or import an existing one, to explore it here.</p>
        </EmptyState>
      )}
    </section>
  );
}
