// Chat sessions and messages (tables chat_sessions, chat_messages of migration 0001). Each assistant
// message keeps its citations and its retrieval trace as JSON.
import type { Db } from './db';
import { parseJson } from './db';
import type { ChatRole } from '../../../shared/contract/chat';

interface ChatSessionRow {
  id: number;
  title: string;
  createdAt: string;
  messages: number;
}

export interface ChatMessageRow<C = unknown, T = unknown> {
  id: number;
  sessionId: number;
  role: ChatRole;
  content: string;
  citations: C[];
  trace: T | null;
  createdAt: string;
}

interface MessageRecord {
  id: number;
  session_id: number;
  role: ChatRole;
  content: string;
  citations: string;
  trace: string | null;
  created_at: string;
}

const toMessage = <C, T>(r: MessageRecord): ChatMessageRow<C, T> => ({
  id: r.id,
  sessionId: r.session_id,
  role: r.role,
  content: r.content,
  citations: parseJson<C[]>(r.citations, []),
  trace: r.trace == null ? null : parseJson<T | null>(r.trace, null),
  createdAt: r.created_at,
});

export class ChatRepository {
  constructor(private readonly db: Db) {}

  listSessions(): ChatSessionRow[] {
    return this.db
      .prepare(
        `SELECT s.id, s.title, s.created_at AS createdAt, (SELECT COUNT(*) FROM chat_messages m WHERE m.session_id = s.id) AS messages
         FROM chat_sessions s ORDER BY s.id DESC`,
      )
      .all() as ChatSessionRow[];
  }

  getSession(id: number): ChatSessionRow | undefined {
    return this.db
      .prepare(
        `SELECT s.id, s.title, s.created_at AS createdAt, (SELECT COUNT(*) FROM chat_messages m WHERE m.session_id = s.id) AS messages
         FROM chat_sessions s WHERE s.id = ?`,
      )
      .get(id) as ChatSessionRow | undefined;
  }

  createSession(title: string): ChatSessionRow {
    const info = this.db.prepare('INSERT INTO chat_sessions (title) VALUES (?)').run(title);
    return this.getSession(Number(info.lastInsertRowid))!;
  }

  renameSession(id: number, title: string): boolean {
    return this.db.prepare('UPDATE chat_sessions SET title = ? WHERE id = ?').run(title, id).changes > 0;
  }

  deleteSession(id: number): boolean {
    return this.db.prepare('DELETE FROM chat_sessions WHERE id = ?').run(id).changes > 0;
  }

  listMessages<C = unknown, T = unknown>(sessionId: number, options: { limit?: number } = {}): ChatMessageRow<C, T>[] {
    const rows = options.limit
      ? (this.db
          .prepare('SELECT * FROM (SELECT * FROM chat_messages WHERE session_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id')
          .all(sessionId, options.limit) as MessageRecord[])
      : (this.db.prepare('SELECT * FROM chat_messages WHERE session_id = ? ORDER BY id').all(sessionId) as MessageRecord[]);
    return rows.map((r) => toMessage<C, T>(r));
  }

  getMessage<C = unknown, T = unknown>(id: number): ChatMessageRow<C, T> | undefined {
    const r = this.db.prepare('SELECT * FROM chat_messages WHERE id = ?').get(id) as MessageRecord | undefined;
    return r && toMessage<C, T>(r);
  }

  addMessage<C, T>(m: { sessionId: number; role: ChatRole; content: string; citations?: C[]; trace?: T | null }): ChatMessageRow<C, T> {
    const info = this.db
      .prepare('INSERT INTO chat_messages (session_id, role, content, citations, trace) VALUES (?, ?, ?, ?, ?)')
      .run(m.sessionId, m.role, m.content, JSON.stringify(m.citations ?? []), m.trace == null ? null : JSON.stringify(m.trace));
    return this.getMessage<C, T>(Number(info.lastInsertRowid))!;
  }
}
