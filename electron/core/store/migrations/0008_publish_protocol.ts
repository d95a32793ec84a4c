// How a publish target is written to: SPARQL 1.1 Update (the default, and always for incremental
// removals) or the SPARQL 1.1 Graph Store HTTP Protocol (PUT/POST of N-Triples for loads, GET for
// pull) at its own URL (graph_store; null: derived from the endpoint for a known layout).
export default /* sql */ `
ALTER TABLE publish_targets ADD COLUMN protocol TEXT NOT NULL DEFAULT 'update' CHECK (protocol IN ('update','graph-store'));
ALTER TABLE publish_targets ADD COLUMN graph_store TEXT;
`;
