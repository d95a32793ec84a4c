// The rule table of docs/extraction.md, generated from the code so that it cannot go stale: every rule
// of extract/rules.ts (id, pass, one-line statement) in pass order, with the editor judgments and the
// fitted precision of extract/rule-precision.json where the rule is the one that makes a triple (a
// proposition or a standards pattern; the other passes shape a triple and are not scored alone).
//
//   npx tsx scripts/docs/rule-table.ts          write the table between the markers of docs/extraction.md
//   npx tsx scripts/docs/rule-table.ts --check  exit 1 when the doc's table is not the generated one
//
// test/docs/rule-table.test.ts fails when the doc and the code differ.
import path from 'node:path';
import { RULES, type RulePass } from '../../electron/core/extract/rules';
import { RULE_PRECISION, triplePrecision } from '../../electron/core/extract/precision';
import { withBlock, writeOrCheck } from './markers';

export const EXTRACTION_DOC = path.resolve(import.meta.dirname, '..', '..', 'docs', 'extraction.md');
const SCRIPT = 'scripts/docs/rule-table.ts';

const PASS_TITLES: Record<RulePass, string> = {
  document: 'Document (before the sentence passes: what counts as a sentence)',
  tags: 'Pass 2, tag repairs (`classic/repairs.ts`, `classic/tag-rules.ts`, `classic/tag-rules-verbs.ts`)',
  phrases: 'Pass 3, phrases and arguments (`classic/phrases.ts`, `classic/arguments.ts`, `classic/object-ends.ts`, `classic/coordination.ts`)',
  clauses: 'Pass 4, clauses and polarity (`classic/clauses.ts`)',
  reference: 'Pass 5, reference (`classic/reference.ts`)',
  propositions: 'Pass 6, subjects and propositions (`classic/subjects.ts`, `classic/propositions.ts`, `classic/sentence.ts`, `classic/reading.ts`)',
  standards: 'Standards patterns (`extract/standards/`)',
  relations: 'Pass 7, relation form (`classic/relation-form.ts`, `nlp/relation-lemma.ts`): one relation string per notion, the surface kept as a label',
  llm: 'Model triples (`extract/stages/`)',
};

/** A markdown table cell: pipes escaped, line breaks folded. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** Judged keep / edit / wrong and the fitted precision, for a rule that decides a triple. */
function scored(id: string): { judged: string; precision: string } {
  if (!id.startsWith('prop.') && !id.startsWith('pattern:')) return { judged: '', precision: '' };
  const t = RULE_PRECISION.rules[id];
  const p = triplePrecision([id]);
  return {
    judged: t ? `${t.keep} / ${t.edit} / ${t.wrong}` : '0',
    precision: p === null ? '' : t ? p.toFixed(3) : `${p.toFixed(3)} (family)`,
  };
}

/** The generated table, markers excluded. */
export function ruleTable(): string {
  const out: string[] = [];
  const passes = [...new Set(RULES.map((r) => r.pass))];
  for (const pass of passes) {
    const rules = RULES.filter((r) => r.pass === pass);
    const scoredPass = rules.some((r) => scored(r.id).judged !== '');
    out.push(`#### ${PASS_TITLES[pass]}: ${rules.length} rules`, '');
    if (scoredPass) {
      out.push('| rule id | statement | judged keep / edit / wrong | precision |', '| --- | --- | --- | --- |');
      for (const r of rules) {
        const s = scored(r.id);
        out.push(`| \`${r.id}\` | ${cell(r.statement)} | ${s.judged} | ${s.precision} |`);
      }
    } else {
      out.push('| rule id | statement |', '| --- | --- |');
      for (const r of rules) out.push(`| \`${r.id}\`${r.pattern ? ' (token pattern)' : ''} | ${cell(r.statement)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The doc with its table replaced by the generated one; throws when a marker is missing. */
export const withRuleTable = (doc: string): string => withBlock(doc, EXTRACTION_DOC, 'rule-table', SCRIPT, ruleTable());

if (import.meta.url === `file://${process.argv[1]}`) writeOrCheck(EXTRACTION_DOC, withRuleTable, SCRIPT);
