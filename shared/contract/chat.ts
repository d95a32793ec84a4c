import { z } from 'zod';
import { defineCall } from './define';
import { Id } from '../schemas';

export const RetrievedEntity = z.object({
  id: Id,
  label: z.string(),
  kind: z.string(),
  /** The words of the question it was linked from. */
  mention: z.string(),
  score: z.number(),
  method: z.enum(['exact', 'fuzzy', 'partial', 'embedding']),
});
export type RetrievedEntity = z.infer<typeof RetrievedEntity>;

export const RetrievedPath = z.object({
  seed: z.object({ id: Id, label: z.string() }),
  /** inverse: the step walks the relation from object to subject. */
  steps: z.array(z.object({ relation: z.string(), inverse: z.boolean() })),
  /** Product of per-step relation probabilities (times hop prior and link score). */
  score: z.number(),
  probabilities: z.array(z.number()),
  /** How many nodes the path reaches. */
  reached: z.number().int(),
});
export type RetrievedPath = z.infer<typeof RetrievedPath>;

export const RetrievedTriple = z.object({
  id: Id,
  subject: z.string(),
  relation: z.string(),
  /** The relation's words as written, where a reader tells them instead of the relation: a passive written as its lemma ("is sent to" for "send to"; shared/relation-label.ts). */
  label: z.string().optional(),
  object: z.string(),
  subjectId: Id,
  objectId: Id,
  score: z.number(),
  hop: z.number().int(),
  /** Index of the path (in `paths`) it was sampled from; -1 for neighbourhood context. */
  path: z.number().int(),
  /** The triple as a sentence (templates). */
  text: z.string(),
});
export type RetrievedTriple = z.infer<typeof RetrievedTriple>;

export const RetrievedPassage = z.object({
  /** The chunk id. */
  id: Id,
  documentId: Id,
  /** The document's title. */
  document: z.string(),
  text: z.string(),
  score: z.number(),
  /** The document's sections this passage overlaps (offsets in the passage text; innermost last among those holding an offset), for clause labels ("RFC 3580 §3.10 Framed-MTU"). */
  sections: z.array(z.object({ start: z.number().int(), end: z.number().int(), clause: z.string() })).optional(),
});
export type RetrievedPassage = z.infer<typeof RetrievedPassage>;

/** A candidate answer read off a relation path: the end node, with one chain of triples reaching it. */
export const RetrievedAnswer = z.object({
  nodeId: Id,
  label: z.string(),
  /** Relation evidence of its path times the seed's link score, in [0, 1]. */
  score: z.number(),
  /** How many chains reach it. */
  support: z.number(),
  /** Edge ids of one chain from the question's entity to it. */
  triples: z.array(Id),
});
export type RetrievedAnswer = z.infer<typeof RetrievedAnswer>;

/** A content word of the question with its IDF over the passages (df: how many chunks hold it; 0 when none). */
export const QuestionTerm = z.object({
  word: z.string(),
  stem: z.string(),
  df: z.number().int(),
  idf: z.number(),
  /** Written as an identifier in the question ("radiusAccServTotalNoRecords"): a name that only matches itself, never an abbreviation. */
  name: z.boolean().optional(),
});
export type QuestionTerm = z.infer<typeof QuestionTerm>;

/** A standard the question names by its designation ("RFC 1157"), with what its header says. */
export const NamedStandard = z.object({
  documentId: Id,
  /** The document's first chunk (where its header stands). */
  chunkId: Id.nullable(),
  id: z.string(),
  title: z.string().optional(),
  category: z.string().optional(),
  date: z.string().optional(),
  edition: z.string().optional(),
  updates: z.array(z.string()).optional(),
  obsoletes: z.array(z.string()).optional(),
});
export type NamedStandard = z.infer<typeof NamedStandard>;

/** One try of the retrieval: exact linking, fuzzy relinking, the LLM's rewrite of the question. */
export const RetrievalAttempt = z.object({
  method: z.enum(['exact', 'fuzzy', 'rewrite']),
  query: z.string(),
  entities: z.number().int(),
  triples: z.number().int(),
});
export type RetrievalAttempt = z.infer<typeof RetrievalAttempt>;

export const RetrievalResult = z.object({
  question: z.string(),
  /** not_in_graph: nothing linked or nothing found, after the retries. */
  outcome: z.enum(['found', 'not_in_graph']),
  /** Predicted number of hops. */
  hops: z.number().int(),
  entities: z.array(RetrievedEntity),
  paths: z.array(RetrievedPath),
  triples: z.array(RetrievedTriple),
  passages: z.array(RetrievedPassage),
  /** End nodes of the best relation paths (candidate answers), best first, with one chain of triple ids each. */
  answers: z.array(RetrievedAnswer).optional(),
  /** The question's content words with their IDF over the passages (df: how many chunks hold it). */
  terms: z.array(QuestionTerm).optional(),
  /** Standards the question names by designation ("RFC 1157"), with their header's identification. */
  standards: z.array(NamedStandard).optional(),
  /** Each try: exact linking, fuzzy relinking, the LLM's rewrite of the question. */
  attempts: z.array(RetrievalAttempt),
  timings: z.object({
    refreshMs: z.number(),
    linkMs: z.number(),
    pathMs: z.number(),
    pprMs: z.number(),
    sampleMs: z.number(),
    totalMs: z.number(),
  }),
});
export type RetrievalResult = z.infer<typeof RetrievalResult>;

/** A citation chip: [T12] is triple (edge) 12, [P3] is passage (chunk) 3. */
export const Citation = z.object({
  kind: z.enum(['triple', 'passage']),
  id: Id,
  marker: z.string(),
});
export type Citation = z.infer<typeof Citation>;

/** What an answer was built from, stored with the assistant message. */
export const RetrievalTrace = RetrievalResult.extend({
  /** llm: the chat model wrote the answer; extractive: no model, the answer lists facts from the graph. */
  mode: z.enum(['llm', 'extractive', 'none']),
  model: z.string().nullable(),
  /** In [0, 1]: the calibrated probability that the first short answer is right. */
  confidence: z.number().optional(),
  /**
   * The answer's outcome: found (stated), unsure (below the confidence threshold: the closest passages are
   * quoted, the candidates listed), not_in_graph (the documents hold nothing the question asks about).
   */
  answerOutcome: z.enum(['found', 'unsure', 'not_in_graph']).optional(),
  /** The answer type read from the question (number, port, code, value, date, name, definition, action, yesno, list, other). */
  answerType: z.string().optional(),
  /** Ranked short answers. */
  shortAnswers: z.array(z.string()).optional(),
  /** A model's answer none of whose citations survived the check (nothing in it is backed by a passage or fact). */
  uncited: z.boolean().optional(),
});
export type RetrievalTrace = z.infer<typeof RetrievalTrace>;

export const ChatSession = z.object({
  id: Id,
  title: z.string(),
  createdAt: z.string(),
  messages: z.number().int(),
});
export type ChatSession = z.infer<typeof ChatSession>;

export const ChatRole = z.enum(['user', 'assistant', 'system']);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessage = z.object({
  id: Id,
  sessionId: Id,
  role: ChatRole,
  content: z.string(),
  citations: z.array(Citation),
  trace: RetrievalTrace.nullable(),
  createdAt: z.string(),
  /** The messageId its 'chat.token' events carried (assistant messages returned by chat.ask). */
  streamId: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

const Question = z.string().trim().min(1).max(2000);
const MaxTriples = z.number().int().min(1).max(500).default(60);

export const chatCalls = {
  'retrieve.query': defineCall({
    input: z.object({ question: Question, maxTriples: MaxTriples, maxPassages: z.number().int().min(0).max(50).default(5) }),
    output: RetrievalResult,
    summary: 'Link the entities of a question, predict relation paths, rank by personalized PageRank, sample triples and passages',
  }),
  'chat.sessions.list': defineCall({ input: z.object({}), output: z.array(ChatSession), summary: 'Chat sessions, newest first' }),
  'chat.sessions.create': defineCall({
    input: z.object({ title: z.string().trim().min(1).max(200).optional() }),
    output: ChatSession,
    summary: 'Start a chat session',
  }),
  'chat.sessions.delete': defineCall({
    input: z.object({ id: Id }),
    output: z.object({ id: Id, deleted: z.boolean() }),
    summary: 'Delete a chat session and its messages',
  }),
  'chat.messages.list': defineCall({
    input: z.object({ sessionId: Id }),
    output: z.array(ChatMessage),
    summary: "A session's messages in order, each answer with its citations and retrieval trace",
  }),
  'chat.ask': defineCall({
    input: z.object({ sessionId: Id, question: Question, maxTriples: MaxTriples }),
    output: ChatMessage,
    summary: "Answer from the graph: tokens stream as 'chat.token' events; returns the stored answer with citations and trace",
  }),
};
