// docs/extraction.md's rule table is the one scripts/docs/rule-table.ts generates from extract/rules.ts
// and extract/rule-precision.json: a rule added, renamed or re-fitted without regenerating the doc fails here.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { EXTRACTION_DOC, withRuleTable } from '../../scripts/docs/rule-table';
import { RULES } from '../../electron/core/extract/rules';

describe('the rule table of docs/extraction.md', () => {
  const doc = fs.readFileSync(EXTRACTION_DOC, 'utf8');

  it('is the generated one (run `npx tsx scripts/docs/rule-table.ts` after changing a rule or refitting)', () => {
    expect(withRuleTable(doc)).toBe(doc);
  });

  it('names every rule of the code once', () => {
    for (const r of RULES) expect(doc.split(`| \`${r.id}\``).length - 1, r.id).toBe(1);
  });

  it('refuses a doc without its markers', () => {
    expect(() => withRuleTable('# no table here\n')).toThrow(/extraction\.md: the rule-table markers/);
  });
});
