import { EmptyState } from '../../components/EmptyState';

export function ChatView() {
  return (
    <section className="view" aria-labelledby="chat-title">
      <header className="view-header">
        <h1 id="chat-title">Chat</h1>
      </header>
      <EmptyState title="Ask the graph" icon="chat">
        <p>Questions are answered from the curated graph, with the facts and passages each answer used.</p>
      </EmptyState>
    </section>
  );
}
