import { useState } from 'react';
import { useApi, useCall, useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';

/**
 * Folders the user granted for good (docs/SECURITY.md): the app may read them across restarts.
 * Added with the native folder dialog (Electron); the browser host has no dialog and reads only
 * files the user uploads, so there it says so instead.
 */
export function FoldersSection() {
  const api = useApi();
  const folders = useCall('documents.folders', {});
  const forget = useCallMutation('documents.folders.forget', ['documents.folders']);
  const [error, setError] = useState<Error | null>(null);
  const desktop = api.kind === 'electron';

  const add = async () => {
    setError(null);
    try {
      await api.call('dialog.openFiles', { title: 'Add a folder Graphwright may read', folders: true, multiple: true, remember: true });
      await folders.refetch();
    } catch (err) {
      setError(err as Error);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="settings-folders">
      <h2 id="settings-folders">Folders</h2>
      <p className="muted">
        Folders Graphwright may read across restarts, for importing documents from them. Forgetting one takes the access away; its files stay on disk.
      </p>
      <ErrorBox error={folders.error ?? forget.error ?? error} />
      {folders.data && folders.data.length === 0 && <p data-testid="folders-empty">No folders added.</p>}
      {folders.data && folders.data.length > 0 && (
        <ul className="folder-list" aria-label="Granted folders">
          {folders.data.map((f) => (
            <li key={f.path}>
              <code className="folder-path">{f.path}</code>
              <span className="muted">{f.modes.join(', ')}</span>
              <button
                type="button"
                className="secondary"
                aria-label={`Forget ${f.path}`}
                disabled={forget.isPending}
                onClick={() => forget.mutate({ path: f.path })}
              >
                Forget
              </button>
            </li>
          ))}
        </ul>
      )}
      {desktop ? (
        <button type="button" className="primary" onClick={() => void add()}>
          Add folder…
        </button>
      ) : (
        <p className="muted" data-testid="folders-browser-note">
          In the browser there is no folder dialog and the host reads no folder of yours: drop or pick files in Documents, and they are uploaded into the data
          folder. Add folders from the desktop app.
        </p>
      )}
    </section>
  );
}
