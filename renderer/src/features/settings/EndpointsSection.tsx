import { useState } from 'react';
import { useApi, useCall, useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';

/**
 * Endpoints the app may send data to (docs/SECURITY.md): an OpenAI-compatible server for extraction,
 * a SPARQL store for publishing, a server to download models from. Only the trusted side grants
 * one: in the desktop app, main's own question (it shows the whole URL); in the browser, where the
 * host runs (a page could be made to ask for anything). Removing one takes it away.
 */
export function EndpointsSection() {
  const api = useApi();
  const endpoints = useCall('endpoints.list', {});
  const revoke = useCallMutation('endpoints.revoke', ['endpoints.list']);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<Error | null>(null);
  const desktop = api.kind === 'electron';

  const allow = async () => {
    setError(null);
    try {
      const r = await api.call('dialog.grantEndpoint', { url: url.trim() });
      if (r.granted) setUrl('');
      await endpoints.refetch();
    } catch (err) {
      setError(err as Error);
    }
  };

  const granted = endpoints.data?.filter((e) => e.source !== 'models') ?? [];
  const chosen = endpoints.data?.filter((e) => e.source === 'models') ?? [];
  return (
    <section className="settings-section" aria-labelledby="settings-endpoints">
      <h2 id="settings-endpoints">Endpoints</h2>
      <p className="muted">
        Servers Graphwright may send data to: document text to an extraction endpoint, the graph to a SPARQL store, a request to a server models are downloaded
        from. An allowed endpoint covers its whole server (scheme, host and port). Nothing goes anywhere else.
      </p>
      <ErrorBox error={endpoints.error ?? revoke.error ?? error} />
      {endpoints.data && granted.length === 0 && <p data-testid="endpoints-empty">No endpoints allowed.</p>}
      {granted.length > 0 && (
        <ul className="folder-list" aria-label="Allowed endpoints">
          {granted.map((e) => (
            <li key={`${e.source}:${e.url}`}>
              <code className="folder-path">{e.url}</code>
              <span className="muted">{e.source === 'session' ? 'until the app or host stops' : 'kept'}</span>
              <button
                type="button"
                className="secondary"
                aria-label={`Remove ${e.url}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ url: e.url })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <p className="muted" data-testid="endpoints-models">
          Also the endpoints chosen for a model role (Models): {chosen.map((e) => e.url).join(', ')}.
        </p>
      )}
      {desktop ? (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            void allow();
          }}
        >
          <label>
            Endpoint URL
            <input type="url" value={url} placeholder="https://sparql.example.org/sparql" onChange={(e) => setUrl(e.target.value)} required />
          </label>
          <button type="submit" className="primary" disabled={!url.trim()}>
            Allow…
          </button>
        </form>
      ) : (
        <p className="muted" data-testid="endpoints-browser-note">
          A browser page cannot allow an endpoint itself. Where the host runs, start it with <code>graphwright serve --grant-endpoint URL</code> (for this run),
          or run <code>graphwright endpoints grant URL --db FILE</code> (kept; the running host sees it at once).
        </p>
      )}
    </section>
  );
}
