// The rules that made a triple, per evidence span: the ids of extract/rules.ts (a classic reading's
// proposition first, `pattern:<name>` for a standards pattern, `llm:<stage>@<prompt version>` for a
// model's triple), as a JSON list. A triple's `rules` are those of its evidence, in order. Node
// evidence and rows written before this migration hold [].
export default /* sql */ `
ALTER TABLE provenance ADD COLUMN rules TEXT NOT NULL DEFAULT '[]';
`;
