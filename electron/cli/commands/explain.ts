// graphwright explain: why a triple was read — each pass of the classic extractor for the sentence of
// its evidence (--triple ID, in a database), or for the sentences of a text given here (--text).
import type { CliIO, Command } from '../command';
import { UsageError, dbOption, jsonOption, parseId } from '../command';
import { callCore, openCore } from '../open';
import { explainText } from '../../core/extract/explain';
import type { ExplainResult } from '../../../shared/contract/extract';

export const explainCommand: Command = {
  name: 'explain',
  usage: 'explain (--db FILE --triple ID | --text "…") [--json]',
  summary: "Each pass of the classic extractor for a stored triple's sentence or for a text, and the rules that made each triple",
  options: { ...dbOption, ...jsonOption, triple: { type: 'string' }, text: { type: 'string' } },
  async run({ values }, io) {
    const hasTriple = values.triple !== undefined;
    const hasText = values.text !== undefined;
    if (hasTriple === hasText) throw new UsageError('give exactly one of --triple ID and --text "…"');
    const triple = hasTriple ? parseId(values.triple as string, '--triple') : undefined;
    const text = hasText ? String(values.text) : undefined;
    if (text !== undefined && !text.trim()) throw new UsageError('--text is empty');
    if (triple !== undefined && typeof values.db !== 'string') throw new UsageError('--triple needs --db FILE');
    // a text alone needs no graph: it is read here, with no database opened
    if (triple === undefined && typeof values.db !== 'string') return show(explainText(text!), values.json === true, io);
    const core = openCore(values, { mustExist: true });
    try {
      show(await callCore(core, 'extract.explain', triple !== undefined ? { triple } : { text }), values.json === true, io);
    } finally {
      await core.close();
    }
  },
};

function show(r: ExplainResult, json: boolean, io: CliIO): void {
  if (json) io.json(r);
  else printExplanation(r, (line) => io.out(line));
}

function printExplanation(r: ExplainResult, out: (line: string) => void): void {
  if (r.triple)
    out(`triple ${r.triple.id}: ${r.triple.subject} | ${r.triple.relation} | ${r.triple.object}  [${r.triple.rules.join(', ') || 'no rules recorded'}]`);
  for (const s of r.sentences) {
    out(`\nsentence [${s.start}, ${s.end}): ${s.text.replace(/\s+/g, ' ')}`);
    if (s.skipped) {
      out(`  not read (${s.skipped})`);
      continue;
    }
    const p = s.passes!;
    out(`  tokens    ${p.tokens.map((t) => `${t.text}/${t.pos}`).join(' ')}`);
    const repaired = p.repaired.filter((t) => t.repairs.length);
    if (repaired.length) out(`  repairs   ${repaired.map((t) => `${t.text}/${t.pos} (${t.repairs.join(', ')})`).join('; ')}`);
    out(`  phrases   ${p.phrases.map((x) => `[${x.text}]`).join(' ')}`);
    for (const c of p.clauses) out(`  clause    ${c.verb}: ${c.polarity}${c.rule ? ` (${c.rule})` : ''}`);
    if (p.question) out('  a question: nothing asserted');
    for (const t of p.triples) out(`  triple    ${t.head} | ${t.relation} | ${t.tail}  [${t.rules.join(', ')}]`);
  }
  if (r.rules.length) out('\nrules');
  for (const rule of r.rules) out(`  ${rule.id} (${rule.pass}): ${rule.statement}`);
}
