// Answering from retrieved facts (seed 000's answer prompt): the prompt lists the facts with ids
// ([T<edge id>]) and the passages with ids ([P<chunk id>]), then the question. The answer streams
// token by token; afterwards every citation marker is checked against the ids actually provided and
// the ones that were not provided are dropped from the text and the citation list.
// Without a model the answer is extractive: the end nodes of the best relation path, with the chain
// of triples that reaches them, each cited.
import type { ChatMessage as LlmMessage, LlmEngine } from '../llm/engine';
import type { RetrievalResult, RetrievedTriple } from '../retrieve/retriever';
import { verbalizeWithLlm } from '../retrieve/verbalize';

export interface Citation {
  kind: 'triple' | 'passage';
  id: number;
  marker: string;
}

export interface AnswerOptions {
  engine: LlmEngine | null;
  onToken?: (token: string) => void;
  signal?: AbortSignal;
  /** Rewrite the templated facts with the LLM before answering (seed 000's triple-to-text). */
  llmVerbalize?: boolean;
  maxTokens?: number;
  temperature?: number;
}

export interface Answer {
  content: string;
  citations: Citation[];
  mode: 'llm' | 'extractive' | 'none';
  model: string | null;
  /** The text as streamed, before invalid citations were removed. */
  raw: string;
}

export const NOT_IN_GRAPH = 'The graph holds nothing about this question: no entity or fact in it matches.';

const SYSTEM_PROMPT = [
  'You answer questions about a knowledge graph using only the facts and passages listed below.',
  'Cite each fact or passage you use right after the sentence that uses it, with its id in square brackets, like [T12] or [P3].',
  'Use only ids from the lists. If the facts and passages do not answer the question, say that the graph does not hold the answer.',
  'Answer briefly.',
].join(' ');

/** The prompt: facts with ids, passages with ids, then the question; trimmed to fit `maxChars`. */
export function buildPrompt(
  question: string,
  facts: { id: number; text: string }[],
  passages: { id: number; text: string }[],
  maxChars = 12000,
): { messages: LlmMessage[]; facts: number[]; passages: number[] } {
  const lines: string[] = [];
  const usedFacts: number[] = [];
  const usedPassages: number[] = [];
  let size = SYSTEM_PROMPT.length + question.length + 40;
  const factLines: string[] = [];
  for (const f of facts) {
    const line = `[T${f.id}] ${f.text}`;
    if (size + line.length + 1 > maxChars * 0.7) break;
    factLines.push(line);
    usedFacts.push(f.id);
    size += line.length + 1;
  }
  const passageLines: string[] = [];
  for (const p of passages) {
    const text = p.text.replace(/\s+/g, ' ').trim();
    const room = Math.min(800, maxChars - size - 20);
    if (room < 120) break;
    const line = `[P${p.id}] ${text.length > room ? `${text.slice(0, room - 1)}…` : text}`;
    passageLines.push(line);
    usedPassages.push(p.id);
    size += line.length + 1;
  }
  if (factLines.length) lines.push('Facts:', ...factLines, '');
  if (passageLines.length) lines.push('Passages:', ...passageLines, '');
  lines.push(`Question: ${question}`);
  return {
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: lines.join('\n') },
    ],
    facts: usedFacts,
    passages: usedPassages,
  };
}

const MARKER_GROUP = /\s?\[((?:\s*[TP]\s?\d+\s*[,;]?)+)\]/g;

/**
 * Keep only citation markers whose ids were provided. A bracket with several ids ([T1, T2]) keeps
 * its valid ones; a bracket left empty is removed with the space before it.
 */
export function validateCitations(text: string, triples: Set<number>, passages: Set<number>): { content: string; citations: Citation[] } {
  const citations: Citation[] = [];
  const seen = new Set<string>();
  const content = text.replace(MARKER_GROUP, (whole, inner: string) => {
    const ok: string[] = [];
    for (const m of inner.matchAll(/([TP])\s?(\d+)/g)) {
      const kind = m[1] === 'T' ? 'triple' : 'passage';
      const id = Number(m[2]);
      if (!(kind === 'triple' ? triples : passages).has(id)) continue;
      const marker = `${m[1]}${id}`;
      ok.push(marker);
      if (!seen.has(marker)) {
        seen.add(marker);
        citations.push({ kind, id, marker });
      }
    }
    if (!ok.length) return '';
    return `${whole.startsWith(' ') ? ' ' : ''}[${ok.join(', ')}]`;
  });
  return { content: content.replace(/(\S)\[(?=[TP]\d)/g, '$1 [').replace(/[ \t]+\n/g, '\n').trim(), citations };
}

/** An answer without a model: the best path's end nodes, cited by the chains of triples reaching them. */
export function extractiveAnswer(retrieval: RetrievalResult): { content: string; citations: Citation[] } {
  if (retrieval.outcome === 'not_in_graph') return { content: NOT_IN_GRAPH, citations: [] };
  const byId = new Map(retrieval.triples.map((t) => [t.id, t]));
  const lines: string[] = [];
  const cited: RetrievedTriple[] = [];
  const top = retrieval.paths[0];
  if (top) {
    const onTop = retrieval.triples.filter((t) => t.path === 0);
    const last = top.steps.length;
    const finals = onTop.filter((t) => t.hop === last);
    const step = top.steps[last - 1];
    const answers = [...new Set(finals.map((t) => (step.inverse ? t.subject : t.object)))];
    if (answers.length) {
      const shown = answers.slice(0, 12);
      lines.push(`From the graph: ${shown.join(', ')}${answers.length > shown.length ? `, and ${answers.length - shown.length} more` : ''}.`);
      // the chain of each shown answer (at most 10 facts)
      for (const t of onTop) {
        if (cited.length >= 10) break;
        const end = step.inverse ? t.subject : t.object;
        if (t.hop < last || shown.includes(end)) cited.push(t);
      }
    }
  }
  if (!cited.length) {
    cited.push(...retrieval.triples.slice(0, 8));
    if (cited.length) lines.push('The graph holds these facts about it:');
  }
  for (const t of cited) lines.push(`- ${t.text} [T${t.id}]`);
  const passages = retrieval.passages.slice(0, cited.length ? 2 : 3);
  if (passages.length) {
    if (!cited.length) lines.push('Passages that may answer it:');
    for (const p of passages) {
      const text = p.text.replace(/\s+/g, ' ').trim();
      lines.push(`- ${p.document}: ${text.length > 240 ? `${text.slice(0, 239)}…` : text} [P${p.id}]`);
    }
  }
  lines.push('(No chat model is loaded: this answer lists facts from the graph.)');
  const citations: Citation[] = [
    ...cited.filter((t) => byId.has(t.id)).map((t) => ({ kind: 'triple' as const, id: t.id, marker: `T${t.id}` })),
    ...passages.map((p) => ({ kind: 'passage' as const, id: p.id, marker: `P${p.id}` })),
  ];
  return { content: lines.join('\n'), citations };
}

/** Answer a question from a retrieval result, streaming tokens through onToken. */
export async function answerQuestion(question: string, retrieval: RetrievalResult, options: AnswerOptions): Promise<Answer> {
  const emit = options.onToken ?? (() => undefined);
  const engine = options.engine;
  if (retrieval.outcome === 'not_in_graph' || !engine) {
    const { content, citations } = extractiveAnswer(retrieval);
    emit(content);
    return { content, citations, mode: retrieval.outcome === 'not_in_graph' ? 'none' : 'extractive', model: engine?.info().model ?? null, raw: content };
  }
  const info = engine.info();
  const maxTokens = options.maxTokens ?? 512;
  let texts = retrieval.triples.map((t) => t.text);
  if (options.llmVerbalize) texts = await verbalizeWithLlm(engine, retrieval.triples, { signal: options.signal });
  const facts = retrieval.triples.map((t, i) => ({ id: t.id, text: texts[i] }));
  // room for the prompt: the context less the answer, at a conservative 2.5 characters a token
  let maxChars = Math.max(1500, Math.floor((info.contextSize - maxTokens - 64) * 2.5));
  for (let attempt = 0; ; attempt++) {
    const prompt = buildPrompt(question, facts, retrieval.passages, maxChars);
    let raw = '';
    try {
      for await (const token of engine.stream(prompt.messages, { maxTokens, temperature: options.temperature ?? 0, signal: options.signal })) {
        raw += token;
        emit(token);
      }
    } catch (err) {
      // a prompt the context cannot hold: try once more with a quarter of it
      if (attempt === 0 && !raw && /context|truncat|too long|tokens/i.test((err as Error).message ?? '')) {
        maxChars = Math.max(600, Math.floor(maxChars / 4));
        continue;
      }
      throw err;
    }
    const { content, citations } = validateCitations(raw, new Set(prompt.facts), new Set(prompt.passages));
    return { content, citations, mode: 'llm', model: info.model, raw };
  }
}
