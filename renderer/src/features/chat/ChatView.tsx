import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi, useCall, useCallMutation } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import { navigate } from '../../nav';
import type { ChatMessage, Citation, RetrievalTrace } from '../../../../shared/contract/chat';
import type { CitationQuery } from '../../../../shared/contract/publish';
import '../../styles/chat.css';

/** [T12], [P3] or [T1, P2]: triples and passages the answer cites. */
const MARKERS = /\[((?:[TP]\d+)(?:\s*,\s*[TP]\d+)*)\]/g;

/**
 * What a passage marker cites: of the answer's lines citing it, the words before the marker (after
 * any earlier marker), the longest (a short answer line "802 [P31]" and the quote of its sentence on
 * the next line cite the same passage), without a list dash or quotes.
 */
function citedText(content: string, id: string): string {
  let best = '';
  for (const m of content.matchAll(MARKERS)) {
    if (!m[1].split(/\s*,\s*/).includes(id)) continue;
    const at = m.index ?? 0;
    const lineStart = content.lastIndexOf('\n', at - 1) + 1;
    const before = content.slice(lineStart, at);
    const after = before.lastIndexOf(']') + 1; // after an earlier marker on the line
    const text = before
      .slice(after)
      .replace(/^\s*[-*]\s+/, '')
      .replace(/["“”]/g, '')
      .trim();
    if (text.length > best.length) best = text;
  }
  return best.slice(-1000);
}

function CitationChip({ kind, id, label, cite }: { kind: 'triple' | 'passage'; id: number; label: string; cite?: string }) {
  return (
    <button
      type="button"
      className={`cite cite-${kind}`}
      data-testid="citation"
      title={kind === 'triple' ? `Open triple ${id} in Review` : `Open passage ${id} in its document`}
      onClick={() => (kind === 'triple' ? navigate('review', { triple: id }) : navigate('documents', cite ? { chunk: id, cite } : { chunk: id }))}
    >
      {label}
    </button>
  );
}

/** The answer's text with its citation markers as chips (only markers that are real citations). */
function AnswerText({ content, citations }: { content: string; citations: Citation[] }) {
  const known = new Set(citations.map((c) => c.marker.replace(/[[\]]/g, '')));
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of content.matchAll(MARKERS)) {
    const ids = m[1].split(/\s*,\s*/).filter((id) => known.has(id));
    if (!ids.length) continue;
    parts.push(content.slice(last, m.index));
    for (const id of ids)
      parts.push(
        <CitationChip
          key={`${m.index}-${id}`}
          kind={id[0] === 'T' ? 'triple' : 'passage'}
          id={Number(id.slice(1))}
          label={id}
          cite={id[0] === 'P' ? citedText(content, id) : undefined}
        />,
      );
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push(content.slice(last));
  return <div className="answer-text">{parts}</div>;
}

/** The SPARQL that selects a cited triple in the named graph last published to, to copy into another tool. */
function CitationSparql({ q, graph }: { q: CitationQuery; graph: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(q.sparql);
      setCopied('yes');
    } catch {
      // clipboard refused: the button says so
      setCopied('no');
    }
  };
  return (
    <details className="trace-sparql" data-testid="citation-sparql">
      <summary>SPARQL</summary>
      <p className="muted small">
        Selects T{q.triple} in &lt;{graph}&gt;
        {q.published ? '' : ' (not in that graph as last published: outside its selection, or changed since)'}.{' '}
        <button type="button" className="link" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
        {copied === 'no' && <span className="error small"> the clipboard is not available here: select the text instead</span>}
      </p>
      <pre className="sparql" tabIndex={0}>
        {q.sparql}
      </pre>
    </details>
  );
}

function Trace({ trace }: { trace: RetrievalTrace }) {
  // an answer that says the graph holds nothing used no passage: none is listed as if it had
  const nothing = trace.answerOutcome === 'not_in_graph';
  const passages = nothing ? [] : trace.passages;
  const ids = trace.triples.map((t) => t.id).slice(0, 500);
  // Only when the graph has been published somewhere: then each fact gets its remote query.
  const citations = useCall('publish.citations', { triples: ids }, { enabled: ids.length > 0 });
  const target = citations.data?.target ?? null;
  const queries = new Map((citations.data?.queries ?? []).map((q) => [q.triple, q]));
  return (
    <details className="trace" data-testid="trace">
      <summary>
        How this was answered: {trace.entities.length} linked entities, {trace.paths.length} paths, {trace.triples.length} facts,{' '}
        {nothing ? 'no passage holds the answer' : `${passages.length} passages`}
        {trace.mode === 'extractive' && ' · no chat model: answer read from the graph and its passages'}
        {trace.model && ` · ${trace.model}`}
      </summary>
      <div className="trace-body">
        {(trace.answerType || nothing || (trace.shortAnswers && trace.shortAnswers.length > 0)) && (
          <p className="muted" data-testid="trace-answer">
            {[
              trace.answerType && `answer type: ${trace.answerType}`,
              nothing && 'too weak to answer from: not in the graph',
              trace.shortAnswers && trace.shortAnswers.length > 0 && `candidates: ${trace.shortAnswers.join('; ')}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        <h4>Linked entities</h4>
        <ul>
          {trace.entities.map((e) => (
            <li key={e.id}>
              <strong>{e.label}</strong>{' '}
              <span className="muted">
                from “{e.mention}” ({e.method}, {e.score.toFixed(2)})
              </span>
            </li>
          ))}
        </ul>
        {trace.paths.length > 0 && (
          <>
            <h4>Relation paths</h4>
            <ol>
              {trace.paths.map((p, i) => (
                <li key={i}>
                  {p.seed.label} → {p.steps.map((s) => `${s.inverse ? '^' : ''}${s.relation}`).join(' → ')}{' '}
                  <span className="muted">score {p.score.toFixed(3)}</span>
                </li>
              ))}
            </ol>
          </>
        )}
        <h4>Facts</h4>
        {target && (
          <p className="muted small" data-testid="trace-published">
            Published to &lt;{target.graph}&gt; at {target.endpoint}: each fact&apos;s SPARQL selects it there.
          </p>
        )}
        <ul className="trace-facts">
          {trace.triples.map((t) => (
            <li key={t.id}>
              <CitationChip kind="triple" id={t.id} label={`T${t.id}`} /> {t.subject} — {t.relation} — {t.object}{' '}
              <span className="muted">{t.score.toFixed(3)}</span>
              {target && queries.has(t.id) && <CitationSparql q={queries.get(t.id)!} graph={target.graph} />}
            </li>
          ))}
        </ul>
        {passages.length > 0 && (
          <>
            <h4>Passages</h4>
            <ul className="trace-passages">
              {passages.map((p) => (
                <li key={p.id}>
                  <CitationChip kind="passage" id={p.id} label={`P${p.id}`} /> <em>{p.document}</em>: {p.text.slice(0, 240)}
                  {p.text.length > 240 ? '…' : ''}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </details>
  );
}

/** An answer with its confidence printed once: under it, unless its own words state it. */
function Message({ m }: { m: ChatMessage }) {
  if (m.role === 'user') return <div className="msg msg-user">{m.content}</div>;
  return (
    <div className="msg msg-assistant" data-testid="answer">
      <AnswerText content={m.content} citations={m.citations} />
      {m.trace?.confidence !== undefined && !/\bconfidence \d/i.test(m.content) && (
        <div className="muted" data-testid="answer-confidence">
          confidence {m.trace.confidence.toFixed(2)}
          {m.trace.answerOutcome === 'not_in_graph' ? ' · not in the graph' : ''}
        </div>
      )}
      {m.trace && <Trace trace={m.trace} />}
    </div>
  );
}

export function ChatView() {
  const api = useApi();
  const qc = useQueryClient();
  const sessions = useCall('chat.sessions.list', {});
  const create = useCallMutation('chat.sessions.create', ['chat.sessions.list']);
  const remove = useCallMutation('chat.sessions.delete', ['chat.sessions.list']);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const current = sessionId ?? sessions.data?.[0]?.id ?? null;
  const messages = useCall('chat.messages.list', { sessionId: current ?? 0 }, { enabled: current != null });
  const [question, setQuestion] = useState('');
  const [pending, setPending] = useState<{ question: string; text: string } | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(
    () =>
      api.on('chat.token', (t) => {
        if (t.sessionId !== current) return;
        setPending((p) => (p ? { ...p, text: p.text + t.token } : p));
      }),
    [api, current],
  );
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.data, pending]);

  const ask = async (e: FormEvent) => {
    e.preventDefault();
    const q = question.trim();
    if (!q || pending) return;
    setError(null);
    let id = current;
    try {
      if (id == null) {
        const s = await create.mutateAsync({ title: q.slice(0, 80) });
        id = s.id;
        setSessionId(s.id);
      }
      setQuestion('');
      setPending({ question: q, text: '' });
      await api.call('chat.ask', { sessionId: id, question: q, maxTriples: 60 });
      await qc.invalidateQueries({ queryKey: ['chat.messages.list'] });
      await qc.invalidateQueries({ queryKey: ['chat.sessions.list'] });
    } catch (err) {
      setError(err as Error);
      setQuestion(q);
    } finally {
      setPending(null);
    }
  };

  const list = sessions.data ?? [];
  return (
    <section className="view chat-view" aria-labelledby="chat-title">
      <header className="view-header">
        <h1 id="chat-title">Chat</h1>
        <div className="spacer" />
        <button type="button" className="secondary" onClick={() => create.mutate({}, { onSuccess: (s) => setSessionId(s.id) })}>
          New chat
        </button>
      </header>
      <div className="chat-layout">
        <nav className="chat-sessions" aria-label="Chat sessions">
          {list.length === 0 && <p className="muted small">No conversations yet.</p>}
          {list.map((s) => (
            <div key={s.id} className={s.id === current ? 'session active' : 'session'}>
              <button type="button" className="session-title" onClick={() => setSessionId(s.id)} title={s.title}>
                {s.title}
              </button>
              <button
                type="button"
                className="link"
                aria-label={`Delete ${s.title}`}
                onClick={() =>
                  remove.mutate(
                    { id: s.id },
                    {
                      onSuccess: () => {
                        if (s.id === current) setSessionId(null);
                      },
                    },
                  )
                }
              >
                ✕
              </button>
            </div>
          ))}
        </nav>
        <div className="chat-main">
          <div className="chat-messages" aria-live="polite">
            {current == null || ((messages.data ?? []).length === 0 && !pending) ? (
              <EmptyState title="Ask the graph" icon="chat">
                <p>
                  Questions are answered from the curated graph. Each answer cites the facts [T…] and passages [P…] it used, and says so when the graph does not
                  hold the answer.
                </p>
              </EmptyState>
            ) : (
              (messages.data ?? []).map((m) => <Message key={m.id} m={m} />)
            )}
            {pending && (
              <>
                <div className="msg msg-user">{pending.question}</div>
                <div className="msg msg-assistant streaming" data-testid="streaming">
                  {pending.text || <span className="muted">Searching the graph…</span>}
                </div>
              </>
            )}
            <div ref={end} />
          </div>
          <ErrorBox error={error ?? messages.error} />
          <form className="chat-input" onSubmit={(e) => void ask(e)}>
            <input
              aria-label="Question"
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              placeholder="Ask about the documents…"
              disabled={!!pending}
            />
            <button className="primary" type="submit" disabled={!question.trim() || !!pending}>
              Ask
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
