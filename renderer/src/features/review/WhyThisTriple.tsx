// The evidence panel's "Why this triple?": the rules that made the triple (each with its one-line
// statement), its estimated precision, and each pass of the classic extractor over its sentence
// (extract.explain; read only when the disclosure is opened).
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { ErrorBox } from '../../components/EmptyState';
import type { ExplainPasses, ExplainResult } from '../../../../shared/contract';

function Passes({ passes, made }: { passes: ExplainPasses; made: string | undefined }) {
  return (
    <ol className="ev-passes">
      <li>
        <span className="muted small">Tokens and tags (repairs marked)</span>
        <div className="ev-tokens">
          {passes.repaired.map((t, i) => (
            <span
              key={`${t.start}-${i}`}
              className={t.repairs.length ? 'ev-token repaired' : 'ev-token'}
              title={t.repairs.length ? `tag was ${passes.tokens[i]?.pos ?? '?'}; repaired by ${t.repairs.join(', ')}` : undefined}
            >
              {t.text}
              <sub>{t.pos}</sub>
            </span>
          ))}
        </div>
      </li>
      <li>
        <span className="muted small">Phrases</span>
        <ul>
          {passes.phrases.map((p, i) => (
            <li key={`${p.start}-${i}`}>
              {p.text} {p.rules.length > 0 && <code className="muted small">{p.rules.join(', ')}</code>}
            </li>
          ))}
        </ul>
      </li>
      <li>
        <span className="muted small">Clauses{passes.question ? ' (a question: nothing asserted)' : ''}</span>
        <ul>
          {passes.clauses.map((c, i) => (
            <li key={`${c.start}-${i}`}>
              {c.verb} · <span className={`polarity polarity-${c.polarity}`}>{c.polarity}</span>
              {c.rule && <code className="muted small"> {c.rule}</code>}
            </li>
          ))}
        </ul>
      </li>
      <li>
        <span className="muted small">Triples read</span>
        <ul>
          {passes.triples.map((t, i) => (
            <li key={i} className={made && t.rules[0] === made ? 'made' : undefined}>
              {t.head} — {t.relation} — {t.tail} <code className="muted small">{t.rules.join(', ')}</code>
            </li>
          ))}
        </ul>
      </li>
    </ol>
  );
}

function Explanation({ result, precision }: { result: ExplainResult; precision: number | null }) {
  const made = result.triple?.rules[0];
  return (
    <>
      <p className="small">
        {precision === null
          ? 'No estimated precision: no editor judgments speak for the rule that made it.'
          : `Estimated precision ${precision.toFixed(2)}: the chance an editor keeps it as it stands, from the rule's record in editor judgments and the triple's shape.`}
      </p>
      {result.rules.length === 0 ? (
        <p className="muted small">No rule recorded: added by an editor, imported, or extracted before rules were recorded.</p>
      ) : (
        <ul className="ev-rules" aria-label="Rules that made this triple">
          {result.rules.map((r) => (
            <li key={r.id}>
              <code>{r.id}</code> {r.statement} <span className="muted small">({r.pass})</span>
            </li>
          ))}
        </ul>
      )}
      {result.sentences.map((s) => (
        <section key={s.start} className="ev-sentence-passes" aria-label="Passes over the sentence">
          <p className="muted small">“{s.text}”</p>
          {s.skipped && <p className="small">Not read by the sentence extractor: {s.skipped}.</p>}
          {s.passes && <Passes passes={s.passes} made={made} />}
        </section>
      ))}
    </>
  );
}

export function WhyThisTriple({ tripleId, precision }: { tripleId: number; precision: number | null }) {
  const [open, setOpen] = useState(false);
  const why = useCall('extract.explain', { triple: tripleId }, { enabled: open, staleTime: 60_000, retry: false });
  return (
    <details className="ev-why" data-testid="why-triple" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Why this triple?</summary>
      {open && why.isLoading && <p className="muted small">Reading the sentence again…</p>}
      {why.error && <ErrorBox error={why.error} />}
      {why.data && <Explanation result={why.data} precision={precision} />}
    </details>
  );
}
