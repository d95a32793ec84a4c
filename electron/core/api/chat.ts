import type { HandlersOf } from '../../../shared/dispatch';
import type { chatCalls } from '../../../shared/contract';
import type { Services } from '../services';
import { ApiError } from '../../../shared/errors';
import { getRetriever } from '../retrieve';
import { ChatService, DEFAULT_SESSION_TITLE } from '../chat/service';
import { SETTING_USE_EMBEDDINGS } from '../retrieve/dense';

export function chatHandlers(core: Pick<Services, 'engines' | 'store'>): HandlersOf<typeof chatCalls> {
  let service: ChatService | null = null;
  const chat = () => (service ??= new ChatService(core));
  return {
    'retrieve.query': async ({ question, maxTriples, maxPassages }) => {
      // models are used when they are there: never loaded just for a retrieval
      const loaded = (role: 'chat' | 'embedding') => (core.engines.statusOf(role).state === 'loaded' ? core.engines.get(role).catch(() => null) : null);
      const useEmbeddings = core.store.settings.get<boolean>(SETTING_USE_EMBEDDINGS, false) === true;
      const engine = await loaded('chat');
      const embedder = useEmbeddings ? await loaded('embedding') : null;
      return getRetriever(core).retrieve(question, { maxTriples, maxPassages, engine, embedder });
    },
    'chat.sessions.list': () => chat().repo.listSessions(),
    'chat.sessions.create': ({ title }) => chat().repo.createSession(title ?? DEFAULT_SESSION_TITLE),
    'chat.sessions.delete': ({ id }) => ({ id, deleted: chat().repo.deleteSession(id) }),
    'chat.messages.list': ({ sessionId }) => {
      if (!chat().repo.getSession(sessionId)) throw new ApiError('not_found', `no chat session ${sessionId}`);
      return chat().repo.listMessages(sessionId);
    },
    'chat.ask': ({ sessionId, question, maxTriples }) => chat().ask(sessionId, question, { maxTriples }),
  };
}
