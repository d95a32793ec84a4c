import { EmptyState } from '../../components/EmptyState';

export function ModelsView() {
  return (
    <section className="view" aria-labelledby="models-title">
      <header className="view-header">
        <h1 id="models-title">Models</h1>
      </header>
      <EmptyState title="No model yet" icon="models">
        <p>Add a GGUF model file or download one to extract and chat with a local LLM. Without one, the classic extractor still builds a graph.</p>
      </EmptyState>
    </section>
  );
}
