import { EmptyState } from '../../components/EmptyState';

export function ExportView() {
  return (
    <section className="view" aria-labelledby="export-title">
      <header className="view-header">
        <h1 id="export-title">Export</h1>
      </header>
      <EmptyState title="Export the graph" icon="export">
        <p>Turtle, JSON-LD, GraphML, CSV, Neo4j and Cytoscape JSON.</p>
      </EmptyState>
    </section>
  );
}
