// The concept layer: an instance's concepts are looked up by node or by relation label (the unique
// indexes of 0001 lead with concept_id), and a run skips instances its engine already conceptualised.
export default /* sql */ `
CREATE INDEX concept_links_node_id ON concept_links(node_id) WHERE node_id IS NOT NULL;
CREATE INDEX concept_links_relation ON concept_links(relation) WHERE relation IS NOT NULL;
CREATE INDEX concept_links_batch ON concept_links(batch);
`;
