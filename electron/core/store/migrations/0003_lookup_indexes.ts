// Lookups extraction does for every triple. The partial index nodes_identity (WHERE kind <> 'passage')
// cannot serve "kind = ? AND norm = ?" with kind bound at run time, and provenance's duplicate check
// fell back to scanning a document's rows: both grew quadratically with the graph.
export default /* sql */ `
CREATE INDEX nodes_kind_norm ON nodes(kind, norm);
CREATE INDEX provenance_edge_span ON provenance(edge_id, document_id, start, end);
CREATE INDEX provenance_node_span ON provenance(node_id, document_id, start, end);
`;
