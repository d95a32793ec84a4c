// The answer type question.ts reads against the editor's category of each question (not a test): a confusion table.
//   npx tsx scripts/question-types.ts [--set FILE] [--list CATEGORY] [--json]
// The editor's `type` is a category of question, not an answer type, so each category has the answer types that
// agree with it (many-to-one where the category spans several kinds of answer):
//  - value:      number, port, code, value, date (and a value may be asked as "which X": name, list);
//  - definition: definition, and a name asked as one: a naming frame ("what is X called" asks the name a text gives,
//                which the editor files as a definition of the thing named), a head noun ("which state", "which four properties"), who, where;
//                a name read by default (a bare "what" and no head) is no agreement;
//  - normative:  yesno, action, condition, value (what a requirement asks: whether, what to do, when, what it is set to);
//  - reference:  name, list (a document or a section);
//  - relation, multi-hop, off-topic: any type (they say how the answer is found, not what kind it is).
// --list CATEGORY prints the questions of that category whose reading disagrees; training questions only
// (validation questions are refused: their readings are not read).
import fs from 'node:fs';
import { answerTypeOf, type AnswerType, type QuestionType } from '../electron/core/retrieve/question';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = opt('set') ?? 'data/qa/training.jsonl';
if (/validation/.test(file) && opt('list')) throw new Error('validation questions are not listed: their readings are not read');

/** The answer types that agree with each editor's category (undefined: any type agrees). */
export const AGREEING: Record<string, AnswerType[] | undefined> = {
  value: ['number', 'port', 'code', 'value', 'date', 'name', 'list'],
  definition: ['definition', 'name'],
  normative: ['yesno', 'action', 'condition', 'value'],
  reference: ['name', 'list'],
};
/** Whether a reading agrees with the editor's category. */
function agrees(category: string, t: QuestionType): boolean {
  const agree = AGREEING[category];
  if (!agree) return true;
  // (a name agrees with a definition when it is asked as one: a naming frame, a head noun, "who" or "where")
  if (category === 'definition' && (t.type === 'name' || t.type === 'list'))
    return t.frame.includes('called') || !!t.head || ['who', 'whom', 'whose', 'where'].includes(t.wh ?? '');
  return agree.includes(t.type);
}
const TYPES: AnswerType[] = ['number', 'port', 'code', 'value', 'date', 'condition', 'name', 'definition', 'action', 'yesno', 'list', 'other'];

const rows = fs
  .readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { id: string; question: string; type: string });
const table = new Map<string, Map<AnswerType, number>>();
const agreeing = new Map<string, number>();
const disagreeing: { id: string; category: string; read: AnswerType; question: string; subject: string | null; head: string | null }[] = [];
for (const q of rows) {
  const t = answerTypeOf(q.question);
  const row = table.get(q.type) ?? new Map<AnswerType, number>();
  row.set(t.type, (row.get(t.type) ?? 0) + 1);
  table.set(q.type, row);
  agreeing.set(q.type, (agreeing.get(q.type) ?? 0) + (agrees(q.type, t) ? 1 : 0));
  if (!agrees(q.type, t)) disagreeing.push({ id: q.id, category: q.type, read: t.type, question: q.question, subject: t.subject, head: t.head });
}
if (args.includes('--json')) {
  console.log(JSON.stringify({ table: Object.fromEntries([...table].map(([k, v]) => [k, Object.fromEntries(v)])), disagreeing: disagreeing.length }));
} else {
  const cols = TYPES.filter((t) => [...table.values()].some((r) => r.get(t)));
  console.log(['category'.padEnd(11), ...cols.map((c) => c.slice(0, 6).padStart(7)), '  agree'].join(''));
  for (const [cat, row] of [...table].sort()) {
    const total = [...row.values()].reduce((a, b) => a + b, 0);
    const ok = agreeing.get(cat) ?? 0;
    console.log([cat.padEnd(11), ...cols.map((c) => String(row.get(c) ?? '').padStart(7)), `  ${ok}/${total}`].join(''));
  }
  console.log(`disagreeing: ${disagreeing.length}`);
}
const list = opt('list');
if (list)
  for (const d of disagreeing.filter((x) => list === 'all' || x.category === list))
    console.log(`${d.id}\t${d.category}->${d.read}\thead=${d.head ?? ''}\tsubject=${d.subject ?? ''}\t${d.question}`);
