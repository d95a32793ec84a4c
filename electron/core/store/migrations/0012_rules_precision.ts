// The rules that made a triple, per evidence span: the ids of extract/rules.ts (a classic reading's
// proposition first, `pattern:<name>` for a standards pattern, `llm:<stage>@<prompt version>` for a
// model's triple), as a JSON list. A triple's `rules` are those of its evidence, in order. Node
// evidence and rows written before this migration hold [].
// A triple's precision: the estimated probability that an editor keeps it as it stands
// (extract/precision.ts, fitted per rule on editor judgments); NULL where nothing judged speaks for it
// (a model's triple, an edge written before this migration or by hand).
export default /* sql */ `
ALTER TABLE provenance ADD COLUMN rules TEXT NOT NULL DEFAULT '[]';
ALTER TABLE edges ADD COLUMN precision REAL;
`;
