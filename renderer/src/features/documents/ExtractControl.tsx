import { useState } from 'react';
import { useCall, useCallMutation } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import type { JobInfoOf } from '../../../../shared/contract/jobs';

/** Start an extraction job with the classic extractor or the model chosen for extraction in Models. */
export function useStartExtraction() {
  const models = useCall('models.list', {});
  const start = useCallMutation('extract.start', ['jobs.list']);
  const choice = models.data?.choices.extraction ?? null;
  const run = (engine: 'classic' | 'model', common: { documents?: number[]; force?: boolean }, onStarted?: (job: JobInfoOf<'extract'>) => void) => {
    const done = { onSuccess: (job: JobInfoOf<'extract'>) => onStarted?.(job) };
    if (engine === 'classic' || !choice) start.mutate({ engine: 'classic', ...common }, done);
    else if (choice.kind === 'llama') start.mutate({ engine: 'llama', model: choice.path, ...common }, done);
    else start.mutate({ engine: 'openai', model: choice.model, endpoint: choice.baseUrl, ...common }, done);
  };
  return { start, choice, run };
}

/**
 * Start extraction over the selected document (or all): the classic extractor needs no model;
 * "Extraction model" uses the model or endpoint chosen for the extraction role in Models.
 */
export function ExtractControl({ documentId, onStarted }: { documentId: number | null; onStarted?: (job: JobInfoOf<'extract'>) => void }) {
  const { start, choice, run: startWith } = useStartExtraction();
  const [engine, setEngine] = useState<'classic' | 'model'>('classic');
  const [force, setForce] = useState(false);
  const run = () => startWith(engine, { ...(documentId != null ? { documents: [documentId] } : {}), ...(force ? { force } : {}) }, onStarted);
  return (
    <div className="extract-control">
      <select aria-label="Extraction engine" value={engine} onChange={(e) => setEngine(e.target.value as 'classic' | 'model')}>
        <option value="classic">Classic extractor (no model)</option>
        <option value="model" disabled={!choice}>
          {choice
            ? `Extraction model (${choice.kind === 'llama' ? choice.path.split(/[\\/]/).pop() : choice.model})`
            : 'Extraction model (choose one in Models)'}
        </option>
      </select>
      <label className="toggle" title="Read every chunk again, even those this engine already read unchanged">
        <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Re-read all
      </label>
      <button type="button" className="secondary" onClick={run} disabled={start.isPending}>
        {documentId != null ? 'Extract this document' : 'Extract graph'}
      </button>
      <ErrorBox error={start.error} />
    </div>
  );
}
