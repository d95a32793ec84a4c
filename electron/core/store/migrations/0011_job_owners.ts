// Jobs have an owner: the process that queued or runs them (its pid, host, boot id and start time,
// and the runner inside it, as one process may hold several cores), and a heartbeat it refreshes
// while it lives. Another process takes a job over only when its owner is gone (jobs/owner.ts).
// cancel_requested: a cancel asked by another process, which the owner sees at its next heartbeat.
export default /* sql */ `
ALTER TABLE jobs ADD COLUMN owner_pid INTEGER;
ALTER TABLE jobs ADD COLUMN owner_host TEXT;
ALTER TABLE jobs ADD COLUMN owner_boot TEXT;
ALTER TABLE jobs ADD COLUMN owner_start TEXT;
ALTER TABLE jobs ADD COLUMN owner_runner TEXT;
ALTER TABLE jobs ADD COLUMN heartbeat_at TEXT;
ALTER TABLE jobs ADD COLUMN cancel_requested INTEGER NOT NULL DEFAULT 0;
`;
