// Triple-to-text (the kit's sample paper ../shared/samples/seeds/000_*.txt): templates by default;
// with a loaded model and the setting on, the LLM rewrites the templated facts into fluent
// sentences (one per fact, same order, ids kept by us).
import type { LlmEngine } from '../llm/engine';
import { log } from '../log';

interface FactLike {
  subject: string;
  relation: string;
  /** The relation's words as written, told instead of the relation where present (a passive written as its lemma). */
  label?: string;
  object: string;
}

function relationWords(relation: string): string[] {
  return relation
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
}

const AUXILIARIES = new Set([
  'may',
  'might',
  'must',
  'shall',
  'should',
  'can',
  'could',
  'will',
  'would',
  'be',
  'been',
  'being',
  'do',
  'does',
  'did',
  'not',
  'never',
  'cannot',
]);

/** One sentence for one triple, from the shape of its relation label. */
export function verbalizeTriple(t: FactLike): string {
  const w = relationWords(t.label ?? t.relation);
  const s = t.subject.trim();
  const o = t.object.trim();
  let text: string;
  if (!w.length) text = `${s} — ${o}`;
  // a verb phrase opened by a modal or an auxiliary ("may be transmitted between", "must not use", "does not support")
  else if (AUXILIARIES.has(w[0])) text = `${s} ${w.join(' ')} ${o}`;
  else if (w[0] === 'has' || w[0] === 'have') {
    const rest = w.slice(1).join(' ');
    text = rest ? `${s} has ${rest} ${o}` : `${s} has ${o}`;
  } else if (w[w.length - 1] === 'by' && /ed$|en$/.test(w[w.length - 2] ?? '')) {
    text = `${s} was ${w.join(' ')} ${o}`;
  } else if (
    ['is', 'was', 'are', 'were'].includes(w[0]) ||
    (/(ed|s)$/.test(w[0]) && w.length > 1 && ['in', 'on', 'at', 'to', 'of', 'by', 'with', 'from', 'for'].includes(w[w.length - 1]))
  ) {
    text = `${s} ${w.join(' ')} ${o}`;
  } else if (['in', 'on', 'at', 'of', 'from'].includes(w[0])) {
    text = `${s} is ${w.join(' ')} ${o}`;
  } else if (/(ed)$/.test(w[0]) && w.length > 1) {
    // "starred actors" and the like: a participle naming the object's role
    text = `${s} ${w.join(' ')}: ${o}`;
  } else if (w.length >= 2 && !/(ed|s)$/.test(w[0])) {
    // a noun phrase: "release year" -> "The release year of S is O"
    text = `The ${w.join(' ')} of ${s} is ${o}`;
  } else {
    text = `${s} ${w.join(' ')} ${o}`;
  }
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Rewrite templated facts with the LLM; falls back to the templates on any failure. */
export async function verbalizeWithLlm(engine: LlmEngine, facts: FactLike[], options: { signal?: AbortSignal } = {}): Promise<string[]> {
  const templated = facts.map(verbalizeTriple);
  if (!facts.length) return templated;
  const schema = {
    type: 'object',
    properties: {
      sentences: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 300 }, minItems: facts.length, maxItems: facts.length },
    },
    required: ['sentences'],
    additionalProperties: false,
  };
  try {
    const res = await engine.generate<{ sentences: string[] }>(
      [
        { role: 'system', content: 'Convert knowledge graph triples into plain sentences. One sentence per triple, same order, no new facts.' },
        { role: 'user', content: facts.map((f, i) => `${i + 1}. (${f.subject}, ${f.label ?? f.relation}, ${f.object})`).join('\n') },
      ],
      schema,
      { maxTokens: Math.min(4000, 60 * facts.length), temperature: 0, signal: options.signal },
    );
    const out = res.value?.sentences;
    if (!Array.isArray(out) || out.length !== facts.length) return templated;
    return out.map((s, i) => (typeof s === 'string' && s.trim() ? s.trim() : templated[i]));
  } catch (err) {
    log.debug('retrieve', 'the model did not verbalize the facts; the templated sentences are used', err);
    return templated;
  }
}
