// Publish to a SPARQL store: the targets this database has published to (what each holds, the last
// run), a form to publish (a job with progress and cancel) and to check a target. Passwords never
// pass through here: the core resolves them (keychain under Electron, GRAPHWRIGHT_SPARQL_PASSWORD
// for the browser host).
import { useEffect, useState } from 'react';
import { useApi, useCall, useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import type { PublishCheck } from '../../../../shared/contract/publish';

export function PublishPanel() {
  const api = useApi();
  const targets = useCall('publish.targets', {});
  const jobs = useCall('jobs.list', { limit: 50 });
  const [endpoint, setEndpoint] = useState('');
  const [graph, setGraph] = useState('');
  const [username, setUsername] = useState('');
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [provenance, setProvenance] = useState(true);
  const [jobId, setJobId] = useState<number | null>(null);
  const [checked, setChecked] = useState<PublishCheck | null>(null);
  const [checkError, setCheckError] = useState<Error | null>(null);
  const [checking, setChecking] = useState(false);
  const start = useCallMutation('publish.start', ['jobs.list', 'publish.targets']);
  const job = jobId != null ? jobs.data?.find((j) => j.id === jobId) : undefined;
  const target = { endpoint: endpoint.trim(), graph: graph.trim(), username: username.trim() || null };
  const jobState = job?.state;
  const refetchTargets = targets.refetch;
  // The job records the target and its runs: show them as the job moves on.
  useEffect(() => {
    if (jobState) void refetchTargets();
  }, [jobState, job?.progress.done, refetchTargets]);
  const ready = /^https?:\/\/\S+$/i.test(target.endpoint) && /^[a-z][a-z0-9+.-]*:\S+$/i.test(target.graph);

  const publish = async () => {
    setChecked(null);
    const r = await start.mutateAsync({ ...target, options: { acceptedOnly, provenance } });
    setJobId(r.job.id);
  };
  const check = async () => {
    setChecking(true);
    setCheckError(null);
    try {
      setChecked(await api.call('publish.check', target));
    } catch (err) {
      setCheckError(err as Error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <section className="panel" aria-label="Publish to a SPARQL store">
      <h2 className="section-title">Publish to a SPARQL store</h2>
      <p className="muted small">
        The same triples as the Turtle export, into a named graph; after the first load only what changed is sent. Passwords are not stored: the app reads them from the system keychain or the
        host&apos;s GRAPHWRIGHT_SPARQL_PASSWORD.
      </p>
      {(targets.data ?? []).length > 0 && (
        <ul className="publish-targets" data-testid="publish-targets">
          {targets.data!.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="link"
                onClick={() => {
                  setEndpoint(t.endpoint);
                  setGraph(t.graph);
                  setUsername(t.username ?? '');
                }}
              >
                &lt;{t.graph}&gt; at {t.endpoint}
              </button>{' '}
              <span className="muted small">
                {t.published} triples published
                {t.lastRun && `; last run ${t.lastRun.state}${t.lastRun.finishedAt ? ` ${t.lastRun.finishedAt}` : ''} (${t.lastRun.pushed} pushed, ${t.lastRun.removed} removed)`}
                {t.lastRun?.error && t.lastRun.state === 'failed' ? `: ${t.lastRun.error}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="form-grid">
        <label htmlFor="publish-endpoint">SPARQL endpoint</label>
        <input id="publish-endpoint" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} placeholder="http://localhost:8890/sparql" />
        <label htmlFor="publish-graph">Named graph</label>
        <input id="publish-graph" value={graph} onChange={(e) => setGraph(e.target.value)} placeholder="https://example.org/graphs/kb" />
        <label htmlFor="publish-user">User (optional)</label>
        <input id="publish-user" value={username} onChange={(e) => setUsername(e.target.value)} />
        <span />
        <div className="checks">
          <label>
            <input type="checkbox" checked={acceptedOnly} onChange={(e) => setAcceptedOnly(e.target.checked)} /> Accepted triples only
          </label>
          <label>
            <input type="checkbox" checked={provenance} onChange={(e) => setProvenance(e.target.checked)} /> Provenance (evidence spans)
          </label>
        </div>
      </div>
      <button type="button" className="primary" disabled={!ready || start.isPending || job?.state === 'running'} onClick={() => void publish()}>
        Publish
      </button>{' '}
      <button type="button" disabled={!ready || checking} onClick={() => void check()}>
        {checking ? 'Checking…' : 'Compare with the store'}
      </button>
      {job && (
        <div className="ingest-progress" data-testid="publish-progress">
          <progress max={Math.max(job.progress.total, 1)} value={job.progress.done} />
          <span className="muted">{job.state === 'running' ? (job.progress.message ?? 'publishing') : job.state}</span>
          {(job.state === 'running' || job.state === 'queued') && (
            <button type="button" onClick={() => void api.call('jobs.cancel', { id: job.id })}>
              Cancel
            </button>
          )}
          {job.error && <span className="error small">{job.error}</span>}
        </div>
      )}
      {checked && (
        <p role="status" data-testid="publish-check">
          {checked.local} triples here, {checked.remote} in the store; {checked.pending.add} to push, {checked.pending.remove} to remove; {checked.sample - checked.missing.length} of {checked.sample}{' '}
          sampled triples found. {checked.equal ? 'The store is up to date.' : 'The store differs.'}
        </p>
      )}
      <ErrorBox error={start.error ?? checkError} />
    </section>
  );
}
