import { useEffect, useState, type ComponentType } from 'react';
import { Rail, VIEWS, type ViewId } from './components/Rail';
import { StatusBar } from './components/StatusBar';
import { ConnectionBanner } from './components/ConnectionBanner';
import { DocumentsView } from './features/documents/DocumentsView';
import { ReviewView } from './features/review/ReviewView';
import { GraphView } from './features/graph/GraphView';
import { ChatView } from './features/chat/ChatView';
import { ExportView } from './features/export/ExportView';
import { ModelsView } from './features/models/ModelsView';
import { SettingsView } from './features/settings/SettingsView';
import { ConceptsView } from './features/concepts/ConceptsView';
import { SchemaView } from './features/schema/SchemaView';
import { EvaluationView } from './features/evaluation/EvaluationView';
import { useApi } from './api/hooks';
import { navigate, parseHash } from './nav';

const VIEW_COMPONENTS: Record<ViewId, ComponentType> = {
  documents: DocumentsView,
  review: ReviewView,
  graph: GraphView,
  concepts: ConceptsView,
  schema: SchemaView,
  chat: ChatView,
  export: ExportView,
  models: ModelsView,
  evaluation: EvaluationView,
  settings: SettingsView,
};

function viewFromHash(): ViewId {
  const { view } = parseHash();
  return (VIEWS.find((v) => v.id === view)?.id ?? 'documents') as ViewId;
}

export function App() {
  const [view, setView] = useState<ViewId>(viewFromHash);
  const api = useApi();
  // The Electron menu's View entries (and File > Import…) ask for a view.
  useEffect(() => api.on('app.menu', (m) => m.command === 'navigate' && select(m.view as ViewId)), [api]);
  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      const v = VIEWS.find((x) => x.key === e.key);
      if (v) {
        e.preventDefault();
        select(v.id);
      }
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('keydown', onKey);
    };
  }, []);
  const select = (id: ViewId) => {
    navigate(id);
    setView(id);
  };
  const View = VIEW_COMPONENTS[view];
  return (
    <div className="app">
      <Rail current={view} onSelect={select} />
      <main className="main">
        <View />
      </main>
      <StatusBar />
      <ConnectionBanner />
    </div>
  );
}
