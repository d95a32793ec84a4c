// The chat model's prompt: the passages first, as whole clauses each under its label ("RFC 3580
// §3.10 Framed-MTU"), since the answer is in the standard's text; then at most MAX_FACTS facts
// of the graph; then the question. Ids in square brackets ([P12] a passage, [T7] a fact) are what
// the answer cites. A model that finds no answer says so in one fixed sentence (ABSTAIN), which
// the answer reads as "not in the graph".

interface PromptFact {
  id: number;
  text: string;
}

interface PromptPassage {
  id: number;
  text: string;
  /** The passage's document and clause, when it has no sections of its own. */
  label?: string;
  /** The clauses the passage overlaps (offsets in its text; innermost last among those holding an offset). */
  sections?: { start: number; end: number; clause: string }[];
}

interface ChatPrompt {
  messages: { role: 'system' | 'user'; content: string }[];
  /** The fact and passage ids the prompt holds: the only ones an answer may cite. */
  facts: number[];
  passages: number[];
}

/** Facts after the passages: enough to name the graph's relations, few enough not to drown the text. */
export const MAX_FACTS = 15;
/** The sentence a model answers with when the passages and facts do not hold the answer. */
export const ABSTAIN = 'The graph does not hold the answer.';

const CHAT_SYSTEM_PROMPT = [
  'You answer questions about technical documents from the passages and facts listed below, and from nothing else.',
  "The passages are the documents' own text, each clause under its label; the facts are what a knowledge graph holds.",
  'Cite each passage or fact you use right after the sentence that uses it, with its id in square brackets, like [P3] or [T12]. Use only ids from the lists.',
  "Keep a requirement's keyword (MUST, MUST NOT, SHOULD, MAY) and a value's unit as the text writes them.",
  `If the passages and facts do not answer the question, answer exactly: ${ABSTAIN}`,
  'Answer briefly.',
].join(' ');

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The passage as its clauses, each under its label; the text unchanged but for spacing. */
export function passageClauses(p: PromptPassage): { label: string | null; text: string }[] {
  const sections = (p.sections ?? []).filter((s) => s.end > 0 && s.start < p.text.length);
  if (!sections.length) return [{ label: p.label ?? null, text: collapse(p.text) }];
  const cuts = [...new Set([0, ...sections.map((s) => Math.max(0, s.start)).filter((x) => x > 0 && x < p.text.length)])].sort((a, b) => a - b);
  const out: { label: string | null; text: string }[] = [];
  cuts.forEach((start, k) => {
    const end = k + 1 < cuts.length ? cuts[k + 1] : p.text.length;
    // the innermost section holding the piece's start
    let label: string | null = null;
    for (const s of sections) if (s.start <= start && s.end > start) label = s.clause;
    const text = collapse(p.text.slice(start, end));
    if (!text) return;
    const last = out.at(-1);
    if (last && last.label === label) last.text = `${last.text} ${text}`;
    else out.push({ label: label ?? p.label ?? null, text });
  });
  return out;
}

/** Text cut to at most `room` characters at a sentence's end (a word's end when no sentence fits). */
function cutAtSentence(text: string, room: number): string {
  if (text.length <= room) return text;
  const head = text.slice(0, room);
  const sentence = Math.max(head.lastIndexOf('. '), head.lastIndexOf('? '), head.lastIndexOf('! '));
  if (sentence > room / 3) return `${head.slice(0, sentence + 1)} …`;
  const word = head.lastIndexOf(' ');
  return `${head.slice(0, word > 0 ? word : room)} …`;
}

/** The prompt within `maxChars`: passages first (each cut at a sentence when room runs short), then at most `maxFacts` facts, then the question. */
export function buildChatPrompt(question: string, facts: PromptFact[], passages: PromptPassage[], maxChars = 12000, maxFacts = MAX_FACTS): ChatPrompt {
  let size = CHAT_SYSTEM_PROMPT.length + question.length + 40;
  // the facts are kept a fifth of the room at most, so passages come first but do not take it all
  const factRoom = Math.min(
    maxChars * 0.2,
    facts.slice(0, maxFacts).reduce((n, f) => n + f.text.length + 8, 0),
  );
  const passageLines: string[] = [];
  const usedPassages: number[] = [];
  for (const p of passages) {
    const room = maxChars - factRoom - size - 20;
    if (room < 120) break;
    const body = passageClauses(p)
      .map((c) => (c.label ? `(${c.label}) ${c.text}` : c.text))
      .join(' ');
    const line = `[P${p.id}] ${cutAtSentence(body, room)}`;
    passageLines.push(line);
    usedPassages.push(p.id);
    size += line.length + 1;
  }
  const factLines: string[] = [];
  const usedFacts: number[] = [];
  for (const f of facts.slice(0, maxFacts)) {
    const line = `[T${f.id}] ${f.text}`;
    if (size + line.length + 1 > maxChars) break;
    factLines.push(line);
    usedFacts.push(f.id);
    size += line.length + 1;
  }
  const lines: string[] = [];
  if (passageLines.length) lines.push('Passages:', ...passageLines, '');
  if (factLines.length) lines.push('Facts:', ...factLines, '');
  lines.push(`Question: ${question}`);
  return {
    messages: [
      { role: 'system', content: CHAT_SYSTEM_PROMPT },
      { role: 'user', content: lines.join('\n') },
    ],
    facts: usedFacts,
    passages: usedPassages,
  };
}

/** Whether the model's answer is its abstention (the fixed sentence, or words to that effect, and nothing else of substance). */
export function isAbstention(answer: string): boolean {
  const text = collapse(answer.replace(/\[[TP]\d+(?:\s*,\s*[TP]\d+)*\]/g, ''));
  if (!text) return true;
  if (text.length > 240) return false;
  return /^(the (knowledge )?graph (does not|doesn't) hold|not in the graph|(the )?(passages|facts)( and (the )?(facts|passages))? do not (answer|say|contain|mention)|i (do not|don't|cannot|can't) (know|answer|find))/i.test(
    text,
  );
}
