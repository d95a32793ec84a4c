import { useState } from 'react';
import { useApi, useCall } from '../api/hooks';
import { DatabaseName } from '../../../shared/contract/app';
import { Dialog } from './Dialog';
import { ErrorBox } from './EmptyState';
import { navigate } from '../nav';

const size = (bytes: number) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * File → New/Open database in the window: the data folder's databases, the most recently opened
 * first, and a new one by name. The host finds or creates the file in its data folder (a name, never
 * a path) and switches without a restart; the app.database event then refreshes every view.
 */
function DatabasesDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const list = useCall('databases.list', {});
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const valid = DatabaseName.safeParse(name.trim());
  const run = async (call: 'databases.open' | 'databases.create', target: string) => {
    setBusy(true);
    setError(null);
    try {
      await api.call(call, { name: target });
      navigate('documents');
      onClose();
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
    }
  };
  const d = list.data;
  return (
    <Dialog title="Databases" onClose={onClose} wide>
      {d && !d.canSwitch && <p className="muted small">This host serves one database; start it with another --db FILE to use another.</p>}
      <p className="muted small">
        In the data folder {d?.dataDir ?? ''}. Switching keeps running jobs’ checkpoints: they resume when their database is opened again.
      </p>
      <table className="grid databases" data-testid="databases">
        <thead>
          <tr>
            <th>Database</th>
            <th>Size</th>
            <th>Last opened</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(d?.items ?? []).map((x) => (
            <tr key={x.file} aria-current={x.current ? 'true' : undefined}>
              <td>
                <strong>{x.name}</strong> <span className="muted">{x.file}</span>
              </td>
              <td className="num">{size(x.bytes)}</td>
              <td>{new Date(x.openedAt ?? x.modifiedAt).toLocaleString()}</td>
              <td>
                {x.current ? (
                  <span className="muted">open</span>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy || !d?.canSwitch}
                    onClick={() => void run('databases.open', x.name)}
                    aria-label={`Open ${x.name}`}
                  >
                    Open
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid.success) void run('databases.create', valid.data);
        }}
      >
        <label htmlFor="new-database">New database</label>
        <div>
          <input id="new-database" value={name} onChange={(e) => setName(e.target.value)} placeholder="a name, e.g. substation-standards" maxLength={64} />{' '}
          <button type="submit" className="primary" disabled={busy || !valid.success || !d?.canSwitch}>
            Create and open
          </button>
          {name.trim() && !valid.success && <div className="error-text small">{valid.error.issues[0]?.message}</div>}
        </div>
      </form>
      <ErrorBox error={list.error ?? error} />
    </Dialog>
  );
}

/** The open database's name in the status bar; a click lists the others and makes new ones. */
export function DatabaseSwitcher() {
  const list = useCall('databases.list', {});
  const [open, setOpen] = useState(false);
  const current = list.data?.items.find((x) => x.current)?.name ?? list.data?.current;
  return (
    <>
      <button
        type="button"
        className="link muted"
        data-testid="database-switcher"
        onClick={() => setOpen(true)}
        title="Databases: open another or create a new one"
      >
        Database: {current ?? '…'}
      </button>
      {open && <DatabasesDialog onClose={() => setOpen(false)} />}
    </>
  );
}
