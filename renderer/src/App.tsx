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
import { ShortcutsDialog } from './components/ShortcutsDialog';
import { dialogOpen } from './components/Dialog';
import { fromTextField } from './features/review/reviewKeys';
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

/** The skip link: the focus goes to the view's main control (the Review table), else to the view itself. */
function skipToContent(): void {
  const main = document.getElementById('main');
  const target = main?.querySelector<HTMLElement>('[data-skip-target]') ?? main;
  target?.focus();
}

function viewFromHash(): ViewId {
  const { view } = parseHash();
  return (VIEWS.find((v) => v.id === view)?.id ?? 'documents') as ViewId;
}

export function App() {
  const [view, setView] = useState<ViewId>(viewFromHash);
  const [shortcuts, setShortcuts] = useState(false);
  const api = useApi();
  // The Electron menu's View entries (and File > Import…) ask for a view.
  useEffect(() => api.on('app.menu', (m) => m.command === 'navigate' && select(m.view as ViewId)), [api]);
  useEffect(() => {
    const onHash = () => setView(viewFromHash());
    const onKey = (e: KeyboardEvent) => {
      // "?" lists the keys (not while typing, not over another dialog).
      if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !fromTextField(e) && !dialogOpen()) {
        e.preventDefault();
        setShortcuts(true);
        return;
      }
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      // the digit key itself, whatever character Alt makes of it on this keyboard
      const digit = /^Digit\d$/.test(e.code) ? e.code.slice(5) : e.key;
      const v = VIEWS.find((x) => x.key === digit);
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
      <button type="button" className="skip-link" onClick={skipToContent}>
        Skip to content
      </button>
      <Rail current={view} onSelect={select} onShortcuts={() => setShortcuts(true)} />
      <main className="main" id="main" tabIndex={-1}>
        <View />
      </main>
      <StatusBar />
      <ConnectionBanner />
      {shortcuts && <ShortcutsDialog onClose={() => setShortcuts(false)} />}
    </div>
  );
}
