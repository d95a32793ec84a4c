// Publish to a SPARQL store: the targets this database has published to (what each holds, the last
// run), a form to publish (a job with progress and cancel), to check a target and to pull its graph
// into this one (publish.pull, with the import's progress events as it goes). A password is
// typed here once and sent to the desktop app's main process, which keeps it in the system keychain
// (publish.secret.set); it is never read back. The browser host keeps none: it reads
// GRAPHWRIGHT_SPARQL_PASSWORD from its environment.
import { useEffect, useState } from 'react';
import { useApi, useCall, useCallMutation, useJobs } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import type { PublishCheck, PublishTarget, PullResult } from '../../../../shared/contract/publish';

type Protocol = PublishTarget['protocol'];

/** The password of one login: set (sent once, the field emptied) or forget; never shown. */
function PasswordField({ endpoint, username }: { endpoint: string; username: string }) {
  const secrets = useCall('publish.secrets', {});
  const save = useCallMutation('publish.secret.set', ['publish.secrets']);
  const [password, setPassword] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const s = secrets.data;
  if (!s) return <span />;
  if (!s.keychain)
    return (
      <p className="muted small" data-testid="publish-password-note">
        {s.backend === 'basic_text' ? 'No system keychain is available, so passwords are not stored. ' : 'This host does not store passwords. '}
        It reads them from GRAPHWRIGHT_SPARQL_PASSWORD in its environment ({s.environment ? 'set' : 'not set'}).
      </p>
    );
  const ready = /^https?:\/\/\S+$/i.test(endpoint) && username.length > 0;
  const stored = s.stored.some((x) => x.endpoint === endpoint && x.username === username);
  const submit = async (value: string | null) => {
    setSaved(null);
    await save.mutateAsync({ endpoint, username, password: value });
    setPassword('');
    setSaved(value === null ? 'Password forgotten.' : 'Password saved in the system keychain.');
  };
  return (
    <div className="password-field">
      <input
        id="publish-password"
        type="password"
        autoComplete="off"
        value={password}
        disabled={!ready}
        placeholder={ready ? (stored ? 'stored in the keychain; type to replace' : '') : 'give the endpoint and user first'}
        onChange={(e) => setPassword(e.target.value)}
      />{' '}
      <button type="button" disabled={!ready || !password || save.isPending} onClick={() => void submit(password)}>
        Save password
      </button>{' '}
      {stored && (
        <button type="button" disabled={save.isPending} onClick={() => void submit(null)}>
          Forget password
        </button>
      )}
      {saved && (
        <span role="status" className="muted small">
          {' '}
          {saved}
        </span>
      )}
      <ErrorBox error={save.error} />
    </div>
  );
}

export function PublishPanel() {
  const api = useApi();
  const targets = useCall('publish.targets', {});
  const jobs = useJobs();
  const [endpoint, setEndpoint] = useState('');
  const [graph, setGraph] = useState('');
  const [username, setUsername] = useState('');
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [provenance, setProvenance] = useState(true);
  const [protocol, setProtocol] = useState<Protocol>('update');
  const [graphStore, setGraphStore] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const [checked, setChecked] = useState<PublishCheck | null>(null);
  const [checkError, setCheckError] = useState<Error | null>(null);
  const [checking, setChecking] = useState(false);
  /** The graph being pulled (its IRI), what its import has written so far, its result or error. */
  const [pulling, setPulling] = useState<string | null>(null);
  const [pulled, setPulled] = useState<{ triples: number; total?: number } | null>(null);
  const [pullResult, setPullResult] = useState<PullResult | null>(null);
  const [pullError, setPullError] = useState<Error | null>(null);
  const start = useCallMutation('publish.start', ['jobs.list', 'publish.targets']);
  const job = jobId != null ? jobs.data?.find((j) => j.id === jobId) : undefined;
  const target = {
    endpoint: endpoint.trim(),
    graph: graph.trim(),
    username: username.trim() || null,
    protocol,
    graphStore: protocol === 'graph-store' && graphStore.trim() ? graphStore.trim() : null,
  };
  const jobState = job?.state;
  const refetchTargets = targets.refetch;
  // The job records the target and its runs: show them as the job moves on.
  useEffect(() => {
    if (jobState) void refetchTargets();
  }, [jobState, job?.progress.done, refetchTargets]);
  const ready =
    /^https?:\/\/\S+$/i.test(target.endpoint) &&
    /^[a-z][a-z0-9+.-]*:\S+$/i.test(target.graph) &&
    (target.graphStore === null || /^https?:\/\/\S+$/i.test(target.graphStore));

  // the pull's graph.import.progress events: first the triples read from the store (triples 0), then every 20,000 imported
  useEffect(() => {
    if (!pulling) return;
    return api.on('graph.import.progress', (p) => {
      if (p.format === 'nt' && p.file === pulling) setPulled({ triples: p.triples, total: p.total });
    });
  }, [api, pulling]);

  const pull = async () => {
    setPulling(target.graph);
    setPulled(null);
    setPullResult(null);
    setPullError(null);
    try {
      setPullResult(await api.call('publish.pull', target));
    } catch (err) {
      setPullError(err as Error);
    } finally {
      setPulling(null);
    }
  };
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
        The same triples as the Turtle export, into a named graph; after the first load only what changed is sent. Passwords are kept in the system keychain by
        the desktop app (never in the database or an export), or read from the host&apos;s GRAPHWRIGHT_SPARQL_PASSWORD.
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
                  setProtocol(t.protocol);
                  setGraphStore(t.graphStore ?? '');
                }}
              >
                &lt;{t.graph}&gt; at {t.endpoint}
              </button>{' '}
              <span className="muted small">
                {t.protocol === 'graph-store' ? 'Graph Store protocol; ' : ''}
                {t.published} triples published
                {t.lastRun &&
                  `; last run ${t.lastRun.state}${t.lastRun.finishedAt ? ` ${t.lastRun.finishedAt}` : ''} (${t.lastRun.pushed} pushed, ${t.lastRun.removed} removed)`}
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
        <label htmlFor="publish-password">Password</label>
        <PasswordField endpoint={target.endpoint} username={target.username ?? ''} />
        <label htmlFor="publish-protocol">Protocol</label>
        <select id="publish-protocol" value={protocol} onChange={(e) => setProtocol(e.target.value as Protocol)}>
          <option value="update">SPARQL 1.1 Update</option>
          <option value="graph-store">Graph Store HTTP Protocol (loads by PUT/POST)</option>
        </select>
        {protocol === 'graph-store' && (
          <>
            <label htmlFor="publish-graph-store">Graph Store URL (optional)</label>
            <input
              id="publish-graph-store"
              value={graphStore}
              onChange={(e) => setGraphStore(e.target.value)}
              placeholder="derived from …/sparql as …/sparql-graph-crud (Virtuoso)"
            />
          </>
        )}
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
      </button>{' '}
      <button type="button" disabled={!ready || pulling !== null} onClick={() => void pull()}>
        {pulling ? 'Pulling…' : 'Pull into this graph'}
      </button>
      {pulling && (
        <div className="ingest-progress" role="status" data-testid="pull-progress">
          {pulled?.total ? <progress aria-label="Pull progress" max={pulled.total} value={pulled.triples} /> : <progress aria-label="Pull progress" />}
          <span className="muted">
            {pulled?.total === undefined
              ? `Reading <${pulling}> from the store…`
              : `${pulled.triples.toLocaleString('en')} of ${pulled.total.toLocaleString('en')} triples imported…`}
          </span>
        </div>
      )}
      {pullResult && (
        <p role="status" data-testid="pull-done">
          Pulled {pullResult.triples} triples from &lt;{pullResult.graph}&gt; ({pullResult.read === 'graph-store' ? 'one Graph Store GET' : 'paged SPARQL'}):{' '}
          {pullResult.nodes.created} new nodes ({pullResult.nodes.existing} already there), {pullResult.edges.created} new triples ({pullResult.edges.existing}{' '}
          already there), {pullResult.provenance.created} evidence spans in {pullResult.seconds.toFixed(1)} s.
        </p>
      )}
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
          {checked.local} triples here, {checked.remote} in the store; {checked.pending.add} to push, {checked.pending.remove} to remove;{' '}
          {checked.sample - checked.missing.length} of {checked.sample} sampled triples found.{' '}
          {checked.equal ? 'The store is up to date.' : 'The store differs.'}
        </p>
      )}
      <ErrorBox error={start.error ?? checkError ?? pullError} />
    </section>
  );
}
