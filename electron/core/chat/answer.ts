// Answering from retrieved facts and passages. The fitted model decides first (chat/ranker.ts): a
// question about something the documents do not hold is not_in_graph and no model is asked; below the
// confidence threshold (the calibrated probability that the first answer is right) the outcome is
// unsure: the closest passages are quoted instead of an answer stated as fact, and the ranked
// candidates are still listed. With a model (chat/llm-prompt.ts): the prompt lists the passages as
// labelled clauses ([P<chunk id>]), then at most 15 facts ([T<edge id>]), then the question; the model
// is asked whenever retrieval found passages, its abstention is the outcome not_in_graph, and an
// answer whose citations all fail the check is marked uncited. The answer streams token by token;
// afterwards every citation marker is checked against the ids actually provided and the ones that
// were not provided are dropped from the text and the citation list. Without a model the answer is
// extractive (chat/extractive.ts): the best short answer read off the relation paths or the passages'
// sentences, with its sentence and the facts reaching it, cited.
import type { LlmEngine } from '../llm/engine';
import type { RetrievalResult, RetrievedTriple } from '../retrieve/retriever';
import { verbalizeWithLlm } from '../retrieve/verbalize';
import { extractCandidates, type AnswerType } from './extractive';
import { buildChatPrompt, isAbstention } from './llm-prompt';
import { defaultRanker, type AnswerRanker } from './ranker';

/** found: an answer stated; unsure: candidates offered below the confidence threshold; not_in_graph: nothing the documents hold. */
export type AnswerOutcome = 'found' | 'unsure' | 'not_in_graph';
/** Setting: the confidence below which an answer is only offered as unsure (default: the fitted model's). */
export const SETTING_CONFIDENCE_THRESHOLD = 'chat.confidenceThreshold';
/** The confidence threshold setting, when it is a number in [0, 1]; else undefined (the fitted model's default). */
export function confidenceThreshold(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : undefined;
}
/** The words an unsure answer opens with. */
export const NOT_SURE = 'Not sure — the closest passages say:';

export interface Citation {
  kind: 'triple' | 'passage';
  id: number;
  marker: string;
}

interface AnswerOptions {
  engine: LlmEngine | null;
  onToken?: (token: string) => void;
  signal?: AbortSignal;
  /** Rewrite the templated facts with the LLM before answering (the triple-to-text of the kit's sample paper 000, retrieve/verbalize.ts). */
  llmVerbalize?: boolean;
  /** Confidence below which the outcome is unsure (default: the fitted model's threshold). */
  threshold?: number;
  /** The fitted answer model (default: the shipped one; rankerFromSetting reads a user's own). */
  ranker?: AnswerRanker;
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
  /** Ranked short answers (extractive candidates); empty when the outcome is not_in_graph. */
  answers: string[];
  outcome: AnswerOutcome;
  /** In [0, 1]: the calibrated probability that the first short answer is right. */
  confidence: number;
  answerType: AnswerType;
  /** A model's answer none of whose citations survived the check: nothing in it is backed by a passage or fact. */
  uncited?: boolean;
}

/** The innermost section of a passage holding an offset of its text, as a clause label. */
function clauseAt(passage: { sections?: { start: number; end: number; clause: string }[] }, offset: number): string | null {
  let best: { start: number; end: number; clause: string } | null = null;
  for (const s of passage.sections ?? []) if (s.start <= offset && s.end > offset && (!best || s.start >= best.start)) best = s;
  return best?.clause ?? null;
}

export const NOT_IN_GRAPH = 'The graph holds nothing about this question: no entity or fact in it matches.';
/** The answer when something matched, but too weakly to answer from. */
const notInGraphWeak = (confidence: number) =>
  `The graph holds nothing about this question: what matches it is too weak to answer from (confidence ${confidence.toFixed(2)}).`;

interface ExtractiveAnswer {
  content: string;
  citations: Citation[];
  answers: string[];
  outcome: AnswerOutcome;
  confidence: number;
  answerType: AnswerType;
  /** The documents do not hold what the question asks about (retrieval found nothing, or groundedness is below the fitted threshold). */
  ungrounded?: boolean;
}

/** The prompt (passages first, as labelled clauses, then at most 15 facts): chat/llm-prompt.ts. */
export { buildChatPrompt as buildPrompt } from './llm-prompt';

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
  return {
    content: content
      .replace(/(\S)\[(?=[TP]\d)/g, '$1 [')
      .replace(/[ \t]+\n/g, '\n')
      .trim(),
    citations,
  };
}

/** How an unsure answer quotes a passage: its clause (or document), then its sentence. */
function quotePassage(passage: RetrievalResult['passages'][number], sentence: string | null, offset: number): string {
  const where = clauseAt(passage, offset) ?? passage.document;
  const text = (sentence ?? passage.text).replace(/\s+/g, ' ').trim();
  return `- ${where}: "${text.length > 300 ? `${text.slice(0, 299)}…` : text}" [P${passage.id}]`;
}

interface ExtractiveOptions {
  /** Confidence below which the outcome is unsure (default: the fitted model's threshold). */
  threshold?: number;
  ranker?: AnswerRanker;
}

/**
 * An answer without a model: the best candidate (a path end or a span of a passage) with its sentence and
 * the facts reaching it, cited; unsure below the confidence threshold (the closest passages quoted under
 * their clauses, the candidates still ranked); not_in_graph when the documents do not hold what it asks.
 */
export function extractiveAnswer(retrieval: RetrievalResult, options: ExtractiveOptions = {}): ExtractiveAnswer {
  const ranker = options.ranker ?? defaultRanker();
  const ranked = extractCandidates(retrieval, ranker);
  const answerType = ranked.type.type;
  if (retrieval.outcome === 'not_in_graph')
    return { content: NOT_IN_GRAPH, citations: [], answers: [], outcome: 'not_in_graph', confidence: 0, answerType, ungrounded: true };
  const confidence = ranked.confidence;
  // groundedness is measured against the documents: a question no passage was retrieved for (a graph
  // imported as triples) is judged by its retrieval alone (entities linked, paths walked)
  // a graph read without passages: when no answer of its relation paths has any relation evidence (the
  // question names a relation the graph does not have, retrieve/answers.ts scores 0), the graph holds nothing about it
  const noRelationEvidence = retrieval.passages.length === 0 && retrieval.answers.length > 0 && retrieval.answers.every((x) => x.score <= 0);
  const ungrounded = noRelationEvidence || (retrieval.passages.length > 0 && ranked.grounded < ranker.model.groundedThreshold);
  if (ungrounded || !ranked.candidates.length) {
    return { content: notInGraphWeak(confidence), citations: [], answers: [], outcome: 'not_in_graph', confidence, answerType, ungrounded };
  }
  const threshold = options.threshold ?? ranker.model.threshold;
  const best = ranked.candidates[0];
  const answers = ranked.candidates.slice(0, 5).map((c) => c.text);
  const byId = new Map(retrieval.triples.map((t) => [t.id, t]));
  const lines: string[] = [];
  const cited: RetrievedTriple[] = [];
  const citedPassages: number[] = [];
  if (confidence < threshold) {
    // not stated as fact: the passages the best candidates stand in, quoted under their clauses
    lines.push(NOT_SURE);
    // the facts reaching the best path ends, when the graph's paths lead
    for (const c of ranked.candidates.slice(0, 3)) {
      for (const id of c.source === 'path' ? c.triples : []) {
        const t = byId.get(id);
        if (t && !cited.includes(t) && cited.length < 5) cited.push(t);
      }
    }
    for (const t of cited) lines.push(`- ${t.text} [T${t.id}]`);
    const seen = new Set<number>();
    for (const c of ranked.candidates) {
      const passage = c.passageId === null ? undefined : retrieval.passages.find((p) => p.id === c.passageId);
      if (!passage || seen.has(passage.id)) continue;
      seen.add(passage.id);
      lines.push(quotePassage(passage, c.sentence, c.offset ?? 0));
      citedPassages.push(passage.id);
      if (seen.size >= 3) break;
    }
    for (const p of retrieval.passages) {
      if (seen.size >= 3) break;
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      lines.push(quotePassage(p, null, 0));
      citedPassages.push(p.id);
    }
    lines.push(`Candidates: ${answers.map((a) => (a.length > 90 ? `${a.slice(0, 89)}…` : a)).join('; ')}.`);
    lines.push(`(No chat model is loaded: confidence ${confidence.toFixed(2)}, below ${threshold.toFixed(2)}.)`);
    const citations: Citation[] = [
      ...cited.map((t) => ({ kind: 'triple' as const, id: t.id, marker: `T${t.id}` })),
      ...[...new Set(citedPassages)].map((id) => ({ kind: 'passage' as const, id, marker: `P${id}` })),
    ];
    return { content: lines.join('\n'), citations, answers, outcome: 'unsure', confidence, answerType };
  }
  if (best.source === 'path') {
    const fromPaths = ranked.candidates.filter((c) => c.source === 'path');
    const shown = fromPaths.slice(0, 12).map((c) => c.text);
    lines.push(`From the graph: ${shown.join(', ')}${fromPaths.length > shown.length ? `, and ${fromPaths.length - shown.length} more` : ''}.`);
    // the chain of each shown answer (at most 10 facts)
    for (const c of fromPaths.slice(0, 12)) {
      for (const id of c.triples) {
        const t = byId.get(id);
        if (t && !cited.includes(t) && cited.length < 10) cited.push(t);
      }
    }
    for (const t of cited) lines.push(`- ${t.text} [T${t.id}]`);
    const passages = retrieval.passages.slice(0, 2);
    for (const p of passages) {
      const text = p.text.replace(/\s+/g, ' ').trim();
      lines.push(`- ${p.document}: ${text.length > 240 ? `${text.slice(0, 239)}…` : text} [P${p.id}]`);
      citedPassages.push(p.id);
    }
  } else if (best.source === 'header') {
    // read off the named standard's header
    const inPassages = best.passageId !== null && retrieval.passages.some((p) => p.id === best.passageId);
    lines.push(inPassages ? `${best.text} [P${best.passageId}]` : best.text);
    lines.push(`From the document's header: ${best.sentence}`);
    if (inPassages) citedPassages.push(best.passageId!);
  } else {
    const passage = retrieval.passages.find((p) => p.id === best.passageId);
    lines.push(`${best.text} [P${best.passageId}]`);
    // where it stands: the clause ("RFC 3580 §3.10 Framed-MTU") when the document has sections, else its title
    const where = passage ? (clauseAt(passage, best.offset ?? 0) ?? passage.document) : null;
    if (best.sentence) lines.push(`${where ? `${where}: ` : ''}"${best.sentence.replace(/\s+/g, ' ').trim()}" [P${best.passageId}]`);
    citedPassages.push(best.passageId!);
    // the facts about what the sentence names
    const sentence = (best.sentence ?? '').toLowerCase();
    for (const t of retrieval.triples) {
      if (cited.length >= 3) break;
      if (t.subject.length > 2 && t.object.length > 2 && sentence.includes(t.subject.toLowerCase()) && sentence.includes(t.object.toLowerCase())) cited.push(t);
    }
    for (const t of cited) lines.push(`- ${t.text} [T${t.id}]`);
    // other candidates: the next few, not restating the answer's own sentence, short ones shown whole
    const others = answers
      .slice(1)
      .filter((a) => !sentence.includes(a.toLowerCase()) || a.length <= 40)
      .slice(0, 4)
      .map((a) => (a.length > 90 ? `${a.slice(0, 89)}…` : a));
    if (others.length) lines.push(`Other candidates: ${others.join('; ')}.`);
  }
  lines.push(`(No chat model is loaded: this answer is read from the graph and its passages; confidence ${confidence.toFixed(2)}.)`);
  const citations: Citation[] = [
    ...cited.map((t) => ({ kind: 'triple' as const, id: t.id, marker: `T${t.id}` })),
    ...[...new Set(citedPassages)].map((id) => ({ kind: 'passage' as const, id, marker: `P${id}` })),
  ];
  return { content: lines.join('\n'), citations, answers, outcome: 'found', confidence, answerType };
}

/** Answer a question from a retrieval result, streaming tokens through onToken. */
export async function answerQuestion(question: string, retrieval: RetrievalResult, options: AnswerOptions): Promise<Answer> {
  const emit = options.onToken ?? (() => undefined);
  const engine = options.engine;
  const extractive = extractiveAnswer(retrieval, { threshold: options.threshold, ranker: options.ranker });
  const meta = { answers: extractive.answers, outcome: extractive.outcome, confidence: extractive.confidence, answerType: extractive.answerType };
  // a model reads the passages: it is asked whenever retrieval found some that hold what the question asks
  // about, even where nothing could be read off them here; a question the documents do not ground is not_in_graph
  if (!engine || extractive.ungrounded || (extractive.outcome === 'not_in_graph' && !retrieval.passages.length)) {
    const { content, citations } = extractive;
    emit(content);
    return {
      content,
      citations,
      mode: extractive.outcome === 'not_in_graph' ? 'none' : 'extractive',
      model: engine?.info().model ?? null,
      raw: content,
      ...meta,
    };
  }
  const info = engine.info();
  const maxTokens = options.maxTokens ?? 512;
  let texts = retrieval.triples.map((t) => t.text);
  if (options.llmVerbalize) texts = await verbalizeWithLlm(engine, retrieval.triples, { signal: options.signal });
  const facts = retrieval.triples.map((t, i) => ({ id: t.id, text: texts[i] }));
  // room for the prompt: the context less the answer, at a conservative 2.5 characters a token
  let maxChars = Math.max(1500, Math.floor((info.contextSize - maxTokens - 64) * 2.5));
  for (let attempt = 0; ; attempt++) {
    const passages = retrieval.passages.map((p) => ({ id: p.id, text: p.text, label: clauseAt(p, 0) ?? p.document, sections: p.sections }));
    const prompt = buildChatPrompt(question, facts, passages, maxChars);
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
    // the model's abstention is the answer's outcome; an answer that cites nothing it was given is marked
    if (isAbstention(content)) return { content, citations, mode: 'llm', model: info.model, raw, ...meta, answers: [], outcome: 'not_in_graph' };
    return { content, citations, mode: 'llm', model: info.model, raw, ...meta, outcome: 'found', ...(citations.length ? {} : { uncited: true }) };
  }
}
