import { Icon } from './Icon';
import { APP_VIEWS, viewDigit, type AppView } from '../../../shared/contract/shell';

/** The sidebar's views in order, each with its Alt+digit key (from the one list in the contract). */
export const VIEWS = APP_VIEWS.map((v, i) => ({ ...v, key: viewDigit(i) }));

export type ViewId = AppView;

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
