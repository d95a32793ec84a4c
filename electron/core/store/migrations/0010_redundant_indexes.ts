// Indexes another index already serves: provenance_edge (edge_id) and provenance_node (node_id) are
// the first column of provenance_edge_span and provenance_node_span (0003), nodes_kind (kind) the
// first of nodes_kind_norm. SQLite reads a prefix of an index as well as the index itself, so every
// lookup and every ON DELETE CASCADE keeps an index; each provenance row written (extraction writes
// about three per triple) and each node keep two and one B-trees fewer in order.
export default /* sql */ `
DROP INDEX IF EXISTS provenance_edge;
DROP INDEX IF EXISTS provenance_node;
DROP INDEX IF EXISTS nodes_kind;
`;
