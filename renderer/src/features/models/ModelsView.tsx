import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useCall, useCallMutation, useJobs } from '../../api/hooks';
import { POLLS } from '../../api/freshness';
import { useDismissedJobs } from '../../components/dismissedJobs';
import type { CallOutput } from '../../../../shared/contract';
import { rolesForAdded } from './modelRoles';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import type { EngineRoleStatus, ModelEntry, ModelRole } from '../../../../shared/contract/models';
import { bytes } from './format';
import '../../styles/models.css';

const ROLES: ModelRole[] = ['extraction', 'chat', 'embedding'];
const ROLE_LABEL: Record<ModelRole, string> = { extraction: 'Extraction', chat: 'Chat', embedding: 'Embeddings' };

function RolePanel({ status, models }: { status: EngineRoleStatus; models: ModelEntry[] }) {
  const choose = useCallMutation('models.choose', ['models.list', 'models.engine.status']);
  const load = useCallMutation('models.engine.load', ['models.engine.status']);
  const current = status.choice?.kind === 'llama' ? status.choice.path : '';
  const usable = models.filter((m) => !m.error && (status.role === 'embedding' || !m.info?.isEmbedding));
  return (
    <div className="role-card" data-testid={`role-${status.role}`}>
      <div className="role-head">
        <strong>{ROLE_LABEL[status.role]}</strong>
        <span className={`state state-${status.state}`}>{status.state}</span>
      </div>
      <select
        aria-label={`Model for ${ROLE_LABEL[status.role]}`}
        value={current}
        onChange={(e) => choose.mutate({ role: status.role, path: e.target.value || null })}
      >
        <option value="">{status.role === 'extraction' ? 'None (classic extractor)' : 'None'}</option>
        {status.choice?.kind === 'openai' && <option value="">{`${status.choice.model} @ ${status.choice.baseUrl}`}</option>}
        {usable.map((m) => (
          <option key={m.path} value={m.path}>
            {m.fileName}
          </option>
        ))}
      </select>
      {status.info && (
        <div className="muted small">
          {status.info.backend.toUpperCase()} · context {status.info.contextSize} · {status.info.parallelSequences} sequences
          {status.info.gpuLayers != null && status.info.totalLayers != null && ` · ${status.info.gpuLayers}/${status.info.totalLayers} layers on GPU`}
        </div>
      )}
      {status.info?.fallbackReason && <div className="warn small">GPU not used: {status.info.fallbackReason}</div>}
      {status.error && <div className="error-text small">{status.error}</div>}
      {status.choice && status.state !== 'loaded' && (
        <button type="button" className="secondary" disabled={load.isPending || status.state === 'loading'} onClick={() => load.mutate({ role: status.role })}>
          {load.isPending ? 'Loading…' : 'Load now'}
        </button>
      )}
      <ErrorBox error={choose.error ?? load.error} />
    </div>
  );
}

function EndpointForm() {
  const choose = useCallMutation('models.choose', ['models.list', 'models.engine.status']);
  const [role, setRole] = useState<ModelRole>('extraction');
  const [baseUrl, setBaseUrl] = useState('http://127.0.0.1:8080/v1');
  const [model, setModel] = useState('');
  const [apiKey, setApiKey] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    choose.mutate({ role, endpoint: { baseUrl, model, ...(apiKey ? { apiKey } : {}) } });
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="OpenAI-compatible endpoint">
      <select aria-label="Role" value={role} onChange={(e) => setRole(e.target.value as ModelRole)}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </select>
      <input aria-label="Base URL" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="http://gpu-server:8000/v1" />
      <input aria-label="Model name" value={model} onChange={(e) => setModel(e.target.value)} placeholder="model name" required />
      <input aria-label="API key" value={apiKey} onChange={(e) => setApiKey(e.target.value)} placeholder="API key (optional)" type="password" />
      <button className="secondary" type="submit">
        Use endpoint
      </button>
      {choose.isSuccess && <span className="muted">saved</span>}
      <ErrorBox error={choose.error} />
    </form>
  );
}

function AddModel() {
  const api = useApi();
  const qc = useQueryClient();
  const list = useCall('models.list', {});
  const [took, setTook] = useState<string | null>(null);
  const add = useMutation<CallOutput<'models.add'>, Error, { path: string }>({
    mutationFn: async (input) => {
      const out = await api.call('models.add', input);
      // The first usable model takes the roles still empty, so it is used without a second step.
      const entry = out.models.find((m) => !m.error);
      const roles = entry && list.data ? rolesForAdded(entry, list.data.choices) : [];
      for (const role of roles) await api.call('models.choose', { role, path: entry!.path });
      setTook(entry && roles.length ? `${entry.fileName} is now used for ${roles.map((r) => ROLE_LABEL[r]).join(' and ')}` : null);
      return out;
    },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['models.list'] });
      void qc.invalidateQueries({ queryKey: ['models.engine.status'] });
    },
  });
  const info = useCall('app.info', {});
  // In the browser the core reads only its own folders: a model goes in the data folder's models/.
  const hint = api.kind === 'http' && info.data ? `${info.data.dataDir}/models/…` : null;
  const [path, setPath] = useState('');
  const pick = async () => {
    try {
      const r = await api.call('dialog.openFiles', { title: 'Add a GGUF model', multiple: false, folders: false, filters: [{ name: 'GGUF models', extensions: ['gguf'] }] });
      if (!r.canceled && r.paths[0]) add.mutate({ path: r.paths[0] });
    } catch {
      // No native dialog in the browser host: the path field is the way there.
    }
  };
  return (
    <form
      className="inline-form"
      aria-label="Add a model"
      onSubmit={(e) => {
        e.preventDefault();
        if (path.trim()) add.mutate({ path: path.trim() }, { onSuccess: () => setPath('') });
      }}
    >
      <input aria-label="Model path" value={path} onChange={(e) => setPath(e.target.value)} placeholder={hint ? `a .gguf in ${hint}` : '/path/to/model.gguf or a folder of them'} />
      <button className="secondary" type="submit">
        Add
      </button>
      {api.kind === 'electron' && (
        <button className="secondary" type="button" onClick={() => void pick()}>
          Browse…
        </button>
      )}
      {took && (
        <span className="muted" role="status" data-testid="model-roles-taken">
          {took}
        </span>
      )}
      <ErrorBox error={add.error} />
    </form>
  );
}

function Download() {
  const download = useCallMutation('models.download', ['jobs.list']);
  const recommended = useCall('models.recommended', {});
  const jobs = useJobs();
  const [url, setUrl] = useState('');
  const [sha, setSha] = useState('');
  const downloads = (jobs.data ?? []).filter((j) => j.kind === 'models.download' && !isDismissed(j)).slice(0, 5);
  const resume = useCallMutation('jobs.resume', ['jobs.list']);
  const cancel = useCallMutation('jobs.cancel', ['jobs.list']);
  const { isDismissed, dismiss } = useDismissedJobs();
  return (
    <div>
      <form
        className="inline-form"
        aria-label="Download a model"
        onSubmit={(e) => {
          e.preventDefault();
          download.mutate({ url: url.trim(), ...(sha.trim() ? { sha256: sha.trim() } : {}) });
        }}
      >
        <input aria-label="Download URL" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://huggingface.co/…/resolve/main/model.gguf" required />
        <input aria-label="SHA-256 (optional)" value={sha} onChange={(e) => setSha(e.target.value)} placeholder="sha256 (optional)" />
        <button className="primary" type="submit" disabled={!url.trim()}>
          Download
        </button>
      </form>
      <ErrorBox error={download.error} />
      {downloads.map((j) => (
        <div className="download-row" key={j.id} data-testid="download-job">
          <span>{j.title}</span>
          <progress max={Math.max(j.progress.total, 1)} value={j.progress.done} />
          <span className="muted">{j.state === 'running' ? j.progress.message : j.state}</span>
          {j.error && <span className="error-text">{j.error}</span>}
          {j.state === 'running' && (
            <button type="button" className="link" onClick={() => cancel.mutate({ id: j.id })}>
              Pause
            </button>
          )}
          {(j.state === 'cancelled' || j.state === 'failed') && (
            <button type="button" className="link" onClick={() => resume.mutate({ id: j.id })}>
              Resume
            </button>
          )}
          {j.state !== 'running' && j.state !== 'queued' && (
            <button type="button" className="link muted" aria-label={`Dismiss ${j.title}`} onClick={() => dismiss(j)}>
              Dismiss
            </button>
          )}
        </div>
      ))}
      {recommended.data && recommended.data.length > 0 && (
        <details className="recommended">
          <summary>Recommended models</summary>
          <ul>
            {recommended.data.map((m) => (
              <li key={m.url}>
                <strong>{m.name}</strong> <span className="muted">({ROLE_LABEL[m.role]}, about {bytes(m.sizeBytes)})</span> — {m.description}{' '}
                <button type="button" className="link" onClick={() => setUrl(m.url)}>
                  Use this link
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

export function ModelsView() {
  const list = useCall('models.list', {});
  const status = useCall('models.engine.status', {}, { refetchInterval: POLLS.engineStatus });
  const remove = useCallMutation('models.remove', ['models.list']);
  const models = list.data?.models ?? [];
  const mem = list.data?.memory;
  return (
    <section className="view models-view" aria-labelledby="models-title">
      <header className="view-header">
        <h1 id="models-title">Models</h1>
        {mem && (
          <span className="muted" data-testid="memory">
            {mem.backend.toUpperCase()}
            {mem.vramTotalBytes > 0 && ` · VRAM ${bytes(mem.vramFreeBytes)} free of ${bytes(mem.vramTotalBytes)}`} · RAM {bytes(mem.ramFreeBytes)} free of {bytes(mem.ramTotalBytes)}
          </span>
        )}
      </header>
      <ErrorBox error={list.error ?? status.error ?? remove.error} />
      <h2 className="section-title">Roles</h2>
      <div className="roles">
        {(status.data ?? []).map((s) => (
          <RolePanel key={s.role} status={s} models={models} />
        ))}
      </div>
      <h2 className="section-title">Model files</h2>
      {list.isSuccess && models.length === 0 ? (
        <EmptyState title="No model yet" icon="models">
          <p>Add a GGUF file below, put one in a model folder, or download one. Without a model, the classic extractor still builds a graph.</p>
          <ul className="muted folder-list">
            {list.data.folders.map((f) => (
              <li key={f.path}>{f.path}</li>
            ))}
          </ul>
        </EmptyState>
      ) : (
        <table className="grid" aria-label="Models">
          <thead>
            <tr>
              <th>File</th>
              <th>Architecture</th>
              <th className="num">Parameters</th>
              <th>Quantization</th>
              <th className="num">Context</th>
              <th className="num">Size</th>
              <th>Fits</th>
              <th>Used for</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {models.map((m) => (
              <tr key={m.path} title={m.path}>
                <td>
                  {m.fileName}
                  {m.info?.isEmbedding && <span className="badge">embedding</span>}
                  {m.error && <div className="error-text small">{m.error}</div>}
                </td>
                <td>{m.info?.architecture ?? '—'}</td>
                <td className="num">{m.info?.parameters ?? '—'}</td>
                <td>{m.info?.quantization ?? '—'}</td>
                <td className="num">{m.info?.contextLength ?? '—'}</td>
                <td className="num">{bytes(m.sizeBytes)}</td>
                <td title={m.fit?.note}>{m.fit ? (m.fit.fits ? (m.fit.where === 'gpu' ? 'GPU' : m.fit.where === 'split' ? `${m.fit.gpuLayers}/${m.fit.totalLayers} layers on GPU` : 'CPU') : 'too large') : '—'}</td>
                <td>{m.roles.map((r) => ROLE_LABEL[r]).join(', ') || '—'}</td>
                <td>
                  {m.source === 'user' && (
                    <button type="button" className="link" onClick={() => remove.mutate({ path: m.path })}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="section-title">Add a model file</h2>
      <AddModel />
      <h2 className="section-title">Download</h2>
      <Download />
      <h2 className="section-title">OpenAI-compatible server</h2>
      <p className="muted small">llama-server, vLLM, Ollama or LM Studio on a GPU machine: extraction and chat go there instead of the local engine.</p>
      <EndpointForm />
    </section>
  );
}
