// chat.ask end to end: store the question, retrieve, answer (streaming 'chat.token' events), store
// the answer with its citations and retrieval trace.
import { randomUUID } from 'node:crypto';
import type { Store } from '../store';
import type { EventBus } from '../events';
import type { EngineRegistry } from '../llm/registry';
import type { LlmEngine } from '../llm/engine';
import { ChatRepository, type ChatMessageRow } from '../store/chat';
import { getRetriever } from '../retrieve';
import { answerQuestion, confidenceThreshold, SETTING_CONFIDENCE_THRESHOLD, type AnswerOutcome, type Citation } from './answer';
import { rankerFromSetting, SETTING_ANSWER_MODEL } from './ranker';
import type { RetrievalResult } from '../retrieve/retriever';
import { SETTING_USE_EMBEDDINGS } from '../retrieve/dense';
import { ApiError } from '../../../shared/errors';

export const DEFAULT_SESSION_TITLE = 'New chat';
/** Setting: rewrite facts with the LLM before answering. */
const SETTING_LLM_VERBALIZE = 'chat.llmVerbalize';

export type RetrievalTrace = RetrievalResult & {
  mode: 'llm' | 'extractive' | 'none';
  model: string | null;
  confidence?: number;
  answerOutcome?: AnswerOutcome;
  answerType?: string;
  shortAnswers?: string[];
  uncited?: boolean;
};
type StoredMessage = ChatMessageRow<Citation, RetrievalTrace> & { streamId?: string };

interface ChatHost {
  store: Store;
  bus?: EventBus;
  engines?: EngineRegistry;
}

interface AskOptions {
  maxTriples?: number;
  /** The engine to answer with; undefined: the chat role's model if one is chosen; null: none. */
  engine?: LlmEngine | null;
  signal?: AbortSignal;
  onToken?: (token: string) => void;
}

export class ChatService {
  readonly repo: ChatRepository;

  constructor(private readonly host: ChatHost) {
    this.repo = host.store.chat;
  }

  private async role(role: 'chat' | 'embedding'): Promise<{ engine: LlmEngine | null; error: string | null }> {
    const engines = this.host.engines;
    if (!engines || (!engines.choice(role) && engines.statusOf(role).state !== 'loaded')) return { engine: null, error: null };
    try {
      return { engine: await engines.get(role), error: null };
    } catch (err) {
      return { engine: null, error: (err as Error).message };
    }
  }

  async ask(sessionId: number, question: string, options: AskOptions = {}): Promise<StoredMessage> {
    const session = this.repo.getSession(sessionId);
    if (!session) throw new ApiError('not_found', `no chat session ${sessionId}`);
    this.repo.addMessage({ sessionId, role: 'user', content: question });
    if (session.title === DEFAULT_SESSION_TITLE && session.messages === 0) {
      this.repo.renameSession(sessionId, question.length > 80 ? `${question.slice(0, 79)}…` : question);
    }

    const chat = options.engine !== undefined ? { engine: options.engine, error: null } : await this.role('chat');
    const settings = this.host.store.settings;
    const useEmbeddings = settings.get<boolean>(SETTING_USE_EMBEDDINGS, false) === true;
    const embedder = useEmbeddings ? (await this.role('embedding')).engine : null;
    const retriever = getRetriever(this.host);
    const retrieval = await retriever.retrieve(question, { maxTriples: options.maxTriples, engine: chat.engine, embedder, signal: options.signal });

    const streamId = randomUUID();
    const emit = (token: string, done: boolean) => {
      this.host.bus?.emit('chat.token', { sessionId, messageId: streamId, token, done });
      if (token) options.onToken?.(token);
    };
    let answer;
    try {
      answer = await answerQuestion(question, retrieval, {
        engine: chat.engine,
        onToken: (t) => emit(t, false),
        signal: options.signal,
        llmVerbalize: settings.get<boolean>(SETTING_LLM_VERBALIZE, false) === true,
        threshold: confidenceThreshold(settings.get(SETTING_CONFIDENCE_THRESHOLD)),
        ranker: rankerFromSetting(settings.get(SETTING_ANSWER_MODEL)),
      });
    } finally {
      emit('', true);
    }
    const content = chat.error ? `${answer.content}\n(The chat model could not be loaded: ${chat.error})` : answer.content;
    // (the analysed question stays in memory: a trace stores what the contract names)
    const { analysis: _analysis, ...retrieved } = retrieval;
    const trace: RetrievalTrace = {
      ...retrieved,
      mode: answer.mode,
      model: answer.model,
      confidence: answer.confidence,
      answerOutcome: answer.outcome,
      answerType: answer.answerType,
      shortAnswers: answer.answers,
      ...(answer.uncited ? { uncited: true } : {}),
    };
    const stored = this.repo.addMessage<Citation, RetrievalTrace>({ sessionId, role: 'assistant', content, citations: answer.citations, trace });
    return { ...stored, streamId };
  }
}
