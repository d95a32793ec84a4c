import { useState } from 'react';
import { useCall, useCallMutation, useJobs } from '../api/hooks';
import type { JobInfo } from '../../../shared/schemas';
import { Dialog } from './Dialog';
import { useDismissedJobs } from './dismissedJobs';
import { DatabaseSwitcher } from './DatabaseSwitcher';

/** A stopped job's details: what it was doing, where it stopped and the error in full. */
function JobDetails({ job, onClose }: { job: JobInfo; onClose: () => void }) {
  return (
    <Dialog title={job.title} onClose={onClose}>
      <dl className="facts" data-testid="job-details">
        <dt>State</dt>
        <dd>
          {job.state} at {job.progress.done}/{job.progress.total}
        </dd>
        {job.progress.message && (
          <>
            <dt>Last step</dt>
            <dd>{job.progress.message}</dd>
          </>
        )}
        <dt>Why</dt>
        <dd className={job.error ? 'error-text' : undefined}>{job.error ?? (job.state === 'cancelled' ? 'cancelled by the user' : 'no reason recorded')}</dd>
        <dt>Updated</dt>
        <dd>{new Date(job.updatedAt).toLocaleString()}</dd>
      </dl>
      <p className="muted small">Resume continues from its last checkpoint; Dismiss hides it here (the job stays in the history).</p>
    </Dialog>
  );
}

function JobChip({ job }: { job: JobInfo }) {
  const cancel = useCallMutation('jobs.cancel');
  const pct = job.progress.total > 0 ? Math.round((100 * job.progress.done) / job.progress.total) : 0;
  return (
    <div className="job-chip" data-testid={`job-${job.id}`} data-state={job.state}>
      <span className="job-title">{job.title}</span>
      <progress max={Math.max(job.progress.total, 1)} value={job.progress.done} aria-label={`${job.title} progress`} />
      <span className="job-pct">{pct}%</span>
      {job.progress.message && <span className="job-msg">{job.progress.message}</span>}
      <button type="button" className="link" onClick={() => cancel.mutate({ id: job.id })} aria-label={`Cancel ${job.title}`}>
        Cancel
      </button>
    </div>
  );
}

function StoppedJob({ job, onDismiss }: { job: JobInfo; onDismiss: () => void }) {
  const resume = useCallMutation('jobs.resume');
  const [open, setOpen] = useState(false);
  return (
    <div className="job-chip stopped" data-testid={`job-${job.id}`} data-state={job.state}>
      <span className="job-title">{job.title}</span>
      <button
        type="button"
        className={job.state === 'failed' ? 'link error-text' : 'link muted'}
        title={job.error ?? undefined}
        aria-label={`Why ${job.title} ${job.state}`}
        onClick={() => setOpen(true)}
      >
        {job.state} at {job.progress.done}/{job.progress.total}
      </button>
      <button type="button" className="link" onClick={() => resume.mutate({ id: job.id })} aria-label={`Resume ${job.title}`}>
        Resume
      </button>
      <button type="button" className="link muted" onClick={onDismiss} aria-label={`Dismiss ${job.title}`} title="Dismiss">
        ×
      </button>
      {open && <JobDetails job={job} onClose={() => setOpen(false)} />}
    </div>
  );
}

const RECENT_MS = 30 * 60 * 1000;

export function StatusBar() {
  const jobs = useJobs();
  const status = useCall('app.status', {});
  const active = (jobs.data ?? []).filter((j) => j.state === 'running' || j.state === 'queued');
  // Jobs stopped lately (cancelled, or failed as a whole) can go on from their checkpoint.
  // ...until dismissed (kept in local storage: a dismissed chip stays gone after a reload).
  const { isDismissed, dismiss } = useDismissedJobs();
  const stopped = (jobs.data ?? [])
    .filter((j) => (j.state === 'cancelled' || j.state === 'failed') && Date.now() - Date.parse(j.updatedAt) < RECENT_MS && !isDismissed(j))
    .slice(0, 2);
  const s = status.data;
  return (
    <footer className="status-bar" aria-label="Status">
      <div className="jobs" aria-live="polite">
        {active.length === 0 && stopped.length === 0 && <span className="muted">No running jobs</span>}
        {active.map((j) => (
          <JobChip key={j.id} job={j} />
        ))}
        {stopped.map((j) => (
          <StoppedJob key={j.id} job={j} onDismiss={() => dismiss(j)} />
        ))}
      </div>
      <DatabaseSwitcher />
      {s && (
        <div
          className="counts muted"
          data-testid="store-counts"
          title="Nodes: entity, event and concept nodes, as the Graph header counts them (passages not counted). Triples: proposed, accepted and stale (rejected ones not counted; Review lists every status)."
        >
          {s.documents} documents · {s.chunks} chunks · {s.nodes.entity + s.nodes.event + s.nodes.concept} nodes ·{' '}
          {s.triples.proposed + s.triples.accepted + s.triples.stale} triples
        </div>
      )}
    </footer>
  );
}
