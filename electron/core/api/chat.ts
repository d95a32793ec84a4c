import type { Handlers } from '../../../shared/dispatch';
import type { Core } from '../core';
import { ApiError } from '../../../shared/errors';
import { getRetriever } from '../retrieve';
import { ChatService, DEFAULT_SESSION_TITLE, SETTING_USE_EMBEDDINGS } from '../chat/service';

export function chatHandlers(core: Core): Partial<Handlers> {
  let service: ChatService | null = null;
  const chat = () => (service ??= new ChatService(core));
  return {
    'retrieve.query': async ({ question, maxTriples, maxPassages }) => {
      const useEmbeddings = core.store.settings.get<boolean>(SETTING_USE_EMBEDDINGS, false) === true;
      let engine = null;
      if (useEmbeddings && core.engines.choice('embedding')) engine = await core.engines.get('embedding').catch(() => null);
      return getRetriever(core).retrieve(question, { maxTriples, maxPassages, engine, useEmbeddings: !!engine, noRetry: false });
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
