import { Icon } from './Icon';

export const VIEWS = [
  { id: 'documents', label: 'Documents', key: '1' },
  { id: 'review', label: 'Review', key: '2' },
  { id: 'graph', label: 'Graph', key: '3' },
  { id: 'concepts', label: 'Concepts', key: '8' },
  { id: 'schema', label: 'Schema', key: '9' },
  { id: 'chat', label: 'Chat', key: '4' },
  { id: 'export', label: 'Export', key: '5' },
  { id: 'models', label: 'Models', key: '6' },
  { id: 'evaluation', label: 'Evaluation', key: '0' },
  { id: 'settings', label: 'Settings', key: '7' },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

export function Rail({ current, onSelect, onShortcuts }: { current: ViewId; onSelect: (id: ViewId) => void; onShortcuts?: () => void }) {
  return (
    <nav className="rail" aria-label="Views">
      <div className="brand" title="Graphwright">
        <Icon name="brand" size={28} />
      </div>
      {VIEWS.map((v) => (
        <button
          key={v.id}
          type="button"
          className={v.id === current ? 'rail-item active' : 'rail-item'}
          aria-current={v.id === current ? 'page' : undefined}
          title={`${v.label} (Alt+${v.key})`}
          onClick={() => onSelect(v.id)}
        >
          <Icon name={v.id} className="rail-icon" />
          <span className="rail-label">{v.label}</span>
        </button>
      ))}
      {onShortcuts && (
        <button type="button" className="rail-item rail-keys" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" onClick={onShortcuts}>
          <span className="rail-keys-mark" aria-hidden="true">
            ?
          </span>
          <span className="rail-label">Keys</span>
        </button>
      )}
    </nav>
  );
}
