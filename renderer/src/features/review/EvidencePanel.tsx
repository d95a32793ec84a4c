// The evidence of the triple in focus: chunk text with the span marked (and its sentence), document
// and page, the other triples of that sentence, "Why this triple?" (WhyThisTriple.tsx), both entities
// (type, aliases, split) and the history.
import { useEffect, useRef, useState } from 'react';
import type { TripleQualifiers } from '../../../../shared/schemas';
import { modalityText } from './qualifiers';
import { useCall } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import type { EvidenceItem } from '../../../../shared/contract';
import type { EditRunner } from './reviewApi';
import { showNodeInGraph, showTripleInGraph, toggleNodeSelected, useSharedSelection } from './selection';
import { WhyThisTriple } from './WhyThisTriple';
import { MarkedText } from '../../components/MarkedText';
import { looksLikeMarkdown } from '../../components/markdownRuns';

const squash = (t: string) =>
  t
    .replace(/^#+\s*/, '')
    .replace(/[\s.]+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Where the shown context starts: after its first line when that line is the clause's heading
 * (already shown above it) and the marked sentence starts after it, so the heading is not repeated.
 */
function contextStart(text: string, heading: string | undefined, markStart: number): number {
  if (!heading) return 0;
  const nl = text.indexOf('\n');
  const first = nl < 0 ? text : text.slice(0, nl);
  const head = squash(heading);
  if (nl < 0 || markStart <= nl || !head || !squash(first).endsWith(head) || squash(first).length > head.length + 12) return 0;
  let from = nl + 1;
  while (from < text.length && /\s/.test(text[from]) && from < markStart) from++;
  return from;
}

function Highlighted({ item }: { item: EvidenceItem }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // (Chromium's scrollIntoView now returns a promise: never hand it back to React as a cleanup.)
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, [item.provenanceId]);
  const base = item.context.start;
  const text = item.context.text;
  const clamp = (n: number) => Math.max(0, Math.min(text.length, n - base));
  const sentence = { start: clamp(item.sentence.start), end: clamp(item.sentence.end) };
  const span = { start: clamp(item.start), end: clamp(item.end) };
  return (
    <p className="ev-text" data-testid="evidence-text">
      <MarkedText
        text={text}
        markdown={looksLikeMarkdown(text)}
        from={contextStart(text, item.clause?.heading, sentence.start)}
        marks={[
          { ...sentence, tag: 'span', className: 'ev-sentence' },
          { ...span, tag: 'mark', ref },
        ]}
      />
    </p>
  );
}

export function EntityCard({ id, role, runner, selectable = false }: { id: number; role: string; runner: EditRunner; selectable?: boolean }) {
  const node = useCall('entities.get', { id });
  const picked = useSharedSelection().nodeIds.includes(id);
  const [type, setType] = useState<string | null>(null);
  const n = node.data;
  if (node.error) return <ErrorBox error={node.error} />;
  if (!n) return <div className="entity-card muted">…</div>;
  const typeValue = type ?? n.type ?? '';
  return (
    <section className="entity-card" aria-label={`${role}: ${n.label}`}>
      <header>
        <span className="muted">{role}</span> <strong>{n.label}</strong> <span className={`kind-badge kind-${n.kind}`}>{n.kind}</span>
        {selectable && (
          <label className="small select-node" title="Select this node; Merge (M) starts from the selected nodes">
            <input type="checkbox" checked={picked} onChange={() => toggleNodeSelected(n.id)} aria-label={`Select ${n.label} for merging`} /> select
          </label>
        )}
      </header>
      <div className="muted small">
        {n.degree} triples · {n.mentions} mentions{n.documents.length ? ` · ${n.documents.map((d) => d.title).join(', ')}` : ''}
      </div>
      <form
        className="rv-inline"
        onSubmit={(e) => {
          e.preventDefault();
          void runner.run('entities.setType', { ids: [n.id], type: typeValue.trim() || null }).then(() => setType(null));
        }}
      >
        <label>
          Type <input type="text" value={typeValue} placeholder="no type" onChange={(e) => setType(e.target.value)} aria-label={`Type of ${n.label}`} />
        </label>
        <button type="submit" className="secondary small" disabled={type === null || type === (n.type ?? '')}>
          Set type
        </button>
      </form>
      {n.aliases.length > 0 && (
        <ul className="aliases" aria-label={`Aliases of ${n.label}`}>
          {n.aliases.map((a) => (
            <li key={a}>
              <span>{a}</span>
              <button
                type="button"
                className="link small"
                title="Make this alias a node of its own again"
                onClick={() => void runner.run('entities.split', { id: n.id, alias: a })}
              >
                Split out
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="link small" onClick={() => showNodeInGraph(n.id)}>
        Show in graph
      </button>
    </section>
  );
}

export function EvidencePanel({
  tripleId,
  runner,
  onPickTriple,
  selectNodes = false,
}: {
  tripleId: number;
  runner: EditRunner;
  onPickTriple?: (id: number) => void;
  /** The entity cards offer to select their node (Review: Merge starts from the selected nodes). */
  selectNodes?: boolean;
}) {
  const ev = useCall('triples.evidence', { tripleId });
  const history = useCall('history.forTriple', { id: tripleId });
  const t = ev.data?.triple;
  return (
    <aside className="evidence-panel" aria-label="Evidence" data-testid="evidence-panel">
      {ev.error &&
        (/no triple/.test(ev.error.message) ? (
          <p className="muted">This triple is no longer in the graph (merged, undone or removed).</p>
        ) : (
          <ErrorBox error={ev.error} />
        ))}
      {t && (
        <>
          <h2 className="ev-triple">
            <span>{t.subject}</span> <span className="ev-rel">{t.relation}</span> <span>{t.object}</span>
          </h2>
          <div className="muted small">
            <span className={`status-badge status-${t.status}`}>{t.status}</span> {t.stage} · confidence {t.confidence.toFixed(2)} · {t.engine}{' '}
            <button type="button" className="link small" onClick={() => showTripleInGraph(t)}>
              Show in graph
            </button>
          </div>
          <TripleQualifiersLine q={t.qualifiers} />
          <WhyThisTriple key={t.id} tripleId={t.id} precision={t.precision} />
          {ev.data!.items.length === 0 && <p className="muted">No evidence span: this triple was added by hand or imported without one.</p>}
          {ev.data!.items.map((item) => (
            <section key={item.provenanceId} className="ev-item">
              <div className="ev-source">
                <strong>{item.document.title}</strong>
                {item.clause && (
                  <span className="ev-clause" data-testid="evidence-clause" title={item.clause.label}>
                    {' · '}
                    {item.clause.section ? `§${item.clause.section} ` : ''}
                    {item.clause.heading}
                  </span>
                )}
                {item.page !== null && <span className="muted"> · page {item.page}</span>}
                <a
                  className="small"
                  href={item.context.chunkId !== null ? `#/documents?chunk=${item.context.chunkId}` : `#/documents?document=${item.document.id}`}
                  title="Open the document at this passage"
                >
                  Open document
                </a>
                {item.page !== null && item.context.chunkId !== null && (
                  <a
                    className="small"
                    data-testid="open-page"
                    href={`#/documents?chunk=${item.context.chunkId}&start=${item.start}&end=${item.end}&view=page`}
                    title="Open the page with this span highlighted"
                  >
                    Open page {item.page}
                  </a>
                )}
              </div>
              <Highlighted item={item} />
              {item.others.length > 0 && (
                <div className="ev-others">
                  <div className="muted small">Other triples from this sentence</div>
                  <ul>
                    {item.others.map((o) => (
                      <li key={o.id}>
                        <button type="button" className="link" onClick={() => onPickTriple?.(o.id)}>
                          {o.subject} — {o.relation} — {o.object}
                        </button>{' '}
                        <span className={`status-badge status-${o.status}`}>{o.status}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </section>
          ))}
          <div className="entity-cards">
            <EntityCard id={t.subjectId} role="Subject" runner={runner} selectable={selectNodes} />
            <EntityCard id={t.objectId} role="Object" runner={runner} selectable={selectNodes} />
          </div>
          <section className="history" aria-label="History of this triple">
            <h3>History</h3>
            <ol>
              {(history.data ?? []).map((h) => (
                <li key={`${h.revision}-${h.groupId}`} className={h.state !== 'done' ? 'undone' : undefined}>
                  <span className={h.actor === 'editor' ? 'actor editor' : 'actor engine'}>{h.actor}</span> {h.summary}{' '}
                  <time className="muted small" dateTime={h.at}>
                    {new Date(h.at).toLocaleString()}
                  </time>
                  {h.state !== 'done' && <span className="muted small"> ({h.state})</span>}
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </aside>
  );
}

/** What the triple says beyond its labels: its modality and polarity, its condition, "only", a count, a phrase after its object its label does not hold, the preposition before its object, a catenative taken out of the relation, its voice, and the relation as written. */
function TripleQualifiersLine({ q }: { q: TripleQualifiers | undefined }) {
  if (!q || (!q.modality && !q.negated && !q.condition && !q.only && !q.quantity && !q.phrase && !q.preposition && !q.catenative && !q.surface && !q.voice))
    return null;
  return (
    <dl className="ev-qualifiers small" data-testid="triple-qualifiers">
      {(q.modality || q.negated) && (
        <>
          <dt>Modality</dt>
          <dd>{modalityText(q)}</dd>
        </>
      )}
      {q.condition && (
        <>
          <dt>Only when</dt>
          <dd>{q.condition}</dd>
        </>
      )}
      {q.only && (
        <>
          <dt>Limit</dt>
          <dd>nothing beyond the object (the text says “only”)</dd>
        </>
      )}
      {q.quantity && (
        <>
          <dt>Count</dt>
          <dd>{q.quantity}</dd>
        </>
      )}
      {q.phrase && (
        <>
          <dt>Object’s phrase</dt>
          <dd>{q.phrase}</dd>
        </>
      )}
      {q.preposition && (
        <>
          <dt>Object after</dt>
          <dd>“{q.preposition}” (where, when or how)</dd>
        </>
      )}
      {q.catenative && (
        <>
          <dt>Qualified by</dt>
          <dd>“{q.catenative}” before the relation</dd>
        </>
      )}
      {q.voice && (
        <>
          <dt>Voice</dt>
          <dd>{q.voice}: the subject is what the verb acts on, not its doer</dd>
        </>
      )}
      {q.surface && (
        <>
          <dt>As written</dt>
          <dd>“{q.surface}”</dd>
        </>
      )}
    </dl>
  );
}
