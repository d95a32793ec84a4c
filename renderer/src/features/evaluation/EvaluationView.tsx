// The Evaluation view: import gold, run an engine on it (a job), and see how good the result is —
// scores with 95% intervals, the precision–recall curve over the confidence threshold, per-type bars,
// the errors (each opening its evidence), two runs side by side; and live precision from review.
import { useMemo, useRef, useState } from 'react';
import { useApi, useCall, useCallMutation, useJobs } from '../../api/hooks';
import { EmptyState, ErrorBox } from '../../components/EmptyState';
import { pathsForFiles } from '../documents/dropFiles';
import type { EvalError, EvalRunDetail, EvalRunInfo, ExtractionScores, GoldFormat, MentionMode, Prf, QaScores, Rate } from '../../../../shared/contract/eval';
import type { EngineName } from '../../../../shared/contract/engines';
import { BarChart, LineChart } from './charts';
import './evaluation.css';

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)}%`);
const interval = (c: [number, number]) => `${pct(c[0])}–${pct(c[1])}`;
const squash = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
const FORMATS: GoldFormat[] = ['webnlg-json', 'webnlg-xml', 'scierc', 'conll', 'tokens', 'questions'];

function GoldImport({ onImported }: { onImported: (id: number) => void }) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [format, setFormat] = useState<GoldFormat | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const imp = useCallMutation('eval.gold.import', ['eval.gold.list']);
  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    try {
      const { paths, failed } = await pathsForFiles(api, [...files]);
      if (failed.length) throw new Error(failed.map((f) => f.error).join('\n'));
      for (const [i, p] of paths.entries()) {
        const set = await imp.mutateAsync({ path: p, name: files[i].name, ...(format ? { format } : {}) });
        onImported(set.id);
      }
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="ev-import">
      <select aria-label="Gold format" value={format} onChange={(e) => setFormat(e.target.value as GoldFormat | '')}>
        <option value="">format: detect</option>
        {FORMATS.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      <button type="button" className="secondary" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? 'Importing…' : 'Import gold…'}
      </button>
      <input ref={input} type="file" hidden data-testid="gold-file" onChange={(e) => void onFiles(e.target.files)} />
      <ErrorBox error={error} />
    </div>
  );
}

function NewRun({ goldSet, kind, onStarted }: { goldSet: number; kind: 'extraction' | 'qa'; onStarted: (run: number) => void }) {
  const [engine, setEngine] = useState<EngineName>('classic');
  const [model, setModel] = useState('');
  const [endpoint, setEndpoint] = useState('');
  const [mention, setMention] = useState<MentionMode>('head');
  const [limit, setLimit] = useState('');
  const [label, setLabel] = useState('');
  const start = useCallMutation('eval.run.start', ['eval.run.list', 'jobs.list']);
  const go = () =>
    start.mutate(
      {
        goldSet,
        engine,
        mentionMode: mention,
        ...(model.trim() ? { model: model.trim() } : {}),
        ...(endpoint.trim() ? { endpoint: endpoint.trim() } : {}),
        ...(Number(limit) > 0 ? { limit: Math.floor(Number(limit)) } : {}),
        ...(label.trim() ? { label: label.trim() } : {}),
      },
      { onSuccess: (r) => onStarted(r.run.id) },
    );
  return (
    <div className="ev-newrun" aria-label="New evaluation run">
      <label>
        Engine{' '}
        <select aria-label="Engine" value={engine} onChange={(e) => setEngine(e.target.value as typeof engine)}>
          <option value="classic">{kind === 'qa' ? 'no model (extractive answers)' : 'classic'}</option>
          <option value="llama">local GGUF</option>
          <option value="openai">OpenAI-compatible</option>
        </select>
      </label>
      {engine !== 'classic' && (
        <input
          aria-label="Model"
          placeholder={engine === 'llama' ? 'model .gguf path (blank: the chosen model)' : 'model name'}
          value={model}
          onChange={(e) => setModel(e.target.value)}
        />
      )}
      {engine === 'openai' && <input aria-label="Endpoint" placeholder="https://host/v1" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} />}
      {kind === 'extraction' && (
        <label>
          Mentions{' '}
          <select aria-label="Mention rule" value={mention} onChange={(e) => setMention(e.target.value as MentionMode)}>
            <option value="exact">exact</option>
            <option value="head">head word</option>
            <option value="overlap">overlap</option>
          </select>
        </label>
      )}
      <input aria-label="Limit" className="ev-small" placeholder="all items" value={limit} onChange={(e) => setLimit(e.target.value.replace(/\D/g, ''))} />
      <input aria-label="Run label" placeholder="label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} />
      <button type="button" className="primary" disabled={start.isPending} onClick={go}>
        Run evaluation
      </button>
      <ErrorBox error={start.error} />
    </div>
  );
}

function PrfRow({ name, values }: { name: string; values: (Prf | null)[] }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {values.map((p, i) =>
        p ? (
          <td
            key={i}
            className="num"
            title={`P ${interval(p.ci.precision)} · R ${interval(p.ci.recall)} · F1 ${interval(p.ci.f1)} · ${p.tp}/${p.predicted} predicted, ${p.gold} gold`}
          >
            <span className="ev-f1">{pct(p.f1)}</span> <span className="muted">[{interval(p.ci.f1)}]</span>
            <div className="muted ev-pr">
              P {pct(p.precision)} · R {pct(p.recall)}
            </div>
          </td>
        ) : (
          <td key={i} className="num muted">
            –
          </td>
        ),
      )}
    </tr>
  );
}

/** A rate some runs lack (stored before it was measured): n/a for those. */
function OptionalRateRow({ name, values }: { name: string; values: (Rate | undefined)[] }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {values.map((r, i) =>
        r ? (
          <td key={i} className="num">
            <span className="ev-f1">{pct(r.value)}</span> <span className="muted">[{interval(r.ci)}]</span>
            <div className="muted ev-pr">
              {r.hits}/{r.total}
            </div>
          </td>
        ) : (
          <td key={i} className="num muted">
            n/a
          </td>
        ),
      )}
    </tr>
  );
}

function RateRow({ name, values }: { name: string; values: Rate[] }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {values.map((r, i) => (
        <td key={i} className="num">
          <span className="ev-f1">{pct(r.value)}</span> <span className="muted">[{interval(r.ci)}]</span>
          <div className="muted ev-pr">
            {r.hits}/{r.total}
          </div>
        </td>
      ))}
    </tr>
  );
}

function Evidence({ run, error, onClose }: { run: EvalRunDetail; error: EvalError; onClose: () => void }) {
  const item = useCall('eval.item', { goldSet: run.goldSet, key: error.item, run: run.id });
  const text = item.data?.text ?? '';
  const spans = [...error.spans].sort((a, b) => a.start - b.start);
  const from = spans.length ? Math.max(0, spans[0].start - 300) : 0;
  const to = spans.length ? Math.min(text.length, Math.max(...spans.map((s) => s.end)) + 300) : Math.min(text.length, 1200);
  const parts: { text: string; mark: boolean }[] = [];
  let at = from;
  for (const s of spans) {
    if (s.start < at) continue;
    parts.push({ text: text.slice(at, s.start), mark: false }, { text: text.slice(s.start, s.end), mark: true });
    at = s.end;
  }
  parts.push({ text: text.slice(at, to), mark: false });
  const gold = item.data?.gold;
  const pred = item.data?.prediction as
    | {
        triples?: { subject: { text: string }; relation: string; object: { text: string } }[];
        answer?: string;
        passages?: { id: number; document: string; text: string }[];
      }
    | null
    | undefined;
  return (
    <aside className="ev-evidence" aria-label="Evidence" data-testid="ev-evidence">
      <div className="ev-evidence-head">
        <strong>{error.kind.replace('_', ' ')}</strong> <span className="muted">in {error.item}</span>
        <span className="spacer" />
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </div>
      {error.gold && (
        <div>
          <span className="muted">gold:</span> {error.gold}
        </div>
      )}
      {error.predicted && (
        <div>
          <span className="muted">predicted:</span> {error.predicted}
          {error.confidence !== null && <span className="muted"> (confidence {error.confidence})</span>}
        </div>
      )}
      <ErrorBox error={item.error} />
      <p className="ev-text">
        {from > 0 && '… '}
        {parts.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
        {to < text.length && ' …'}
      </p>
      {gold && 'triples' in gold && gold.triples.length > 0 && (
        <div className="muted ev-goldlist">gold triples: {gold.triples.map((t) => `${t.subject.text} | ${t.relation} | ${t.object.text}`).join(' · ')}</div>
      )}
      {gold && 'triples' in gold && pred?.triples && (
        <div className="muted ev-goldlist">
          predicted: {pred.triples.length ? pred.triples.map((t) => `${t.subject.text} | ${t.relation} | ${t.object.text}`).join(' · ') : 'no triple'}
        </div>
      )}
      {gold && 'answers' in gold && (
        <>
          <div className="muted ev-goldlist">gold answers: {gold.answers.join(' | ')}</div>
          {gold.quotes.length > 0 && <div className="muted ev-goldlist">gold quote: “{gold.quotes.join('” … “')}”</div>}
          {pred?.answer !== undefined && <p className="ev-text">{pred.answer}</p>}
          {pred?.passages?.map((p, i) => (
            <div key={p.id} className="ev-passage">
              <span className="muted">
                P{i + 1} · {p.document}
                {gold.quotes.some((q) => squash(p.text).includes(squash(q))) ? ' · holds the quote' : ''}
              </span>
              <div>{p.text.replace(/\s+/g, ' ').slice(0, 400)}</div>
            </div>
          ))}
        </>
      )}
    </aside>
  );
}

const ERROR_KINDS = ['missed', 'spurious', 'wrong_relation', 'passage_missed', 'wrong_answer', 'abstained'] as const;

function Errors({ run }: { run: EvalRunDetail }) {
  const scores = run.scores!;
  const [unit, setUnit] = useState<'triple' | 'mention' | 'question'>(scores.kind === 'qa' ? 'question' : 'triple');
  const [kind, setKind] = useState<string>('');
  const [open, setOpen] = useState<EvalError | null>(null);
  const list = scores.errors.filter((e) => e.unit === unit && (!kind || e.kind === kind));
  const shown = list.slice(0, 300);
  return (
    <section className="ev-panel" aria-label="Errors">
      <h2 className="section-title">
        Errors{' '}
        <span className="muted">
          ({list.length}
          {scores.moreErrors ? ` of more than ${scores.errors.length}` : ''})
        </span>
      </h2>
      <div className="ev-filters">
        {scores.kind === 'extraction' && (
          <select aria-label="Error unit" value={unit} onChange={(e) => setUnit(e.target.value as typeof unit)}>
            <option value="triple">triples</option>
            <option value="mention">mentions</option>
          </select>
        )}
        <select aria-label="Error kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">every kind</option>
          {ERROR_KINDS.filter((k) => scores.errors.some((e) => e.kind === k && e.unit === unit)).map((k) => (
            <option key={k} value={k}>
              {k.replace('_', ' ')}
            </option>
          ))}
        </select>
      </div>
      <div className="ev-errors-wrap">
        <table className="grid ev-errors" data-testid="ev-errors">
          <thead>
            <tr>
              <th>kind</th>
              <th>item</th>
              <th>gold</th>
              <th>predicted</th>
              <th className="num">conf.</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e, i) => (
              <tr
                key={i}
                className={open === e ? 'selected' : undefined}
                onClick={() => setOpen(e)}
                tabIndex={0}
                onKeyDown={(k) => k.key === 'Enter' && setOpen(e)}
              >
                <td className={`ev-kind ev-${e.kind}`}>{e.kind.replace('_', ' ')}</td>
                <td>{e.item}</td>
                <td>{e.gold ?? ''}</td>
                <td>{(e.predicted ?? '').slice(0, 200)}</td>
                <td className="num">{e.confidence ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open && <Evidence run={run} error={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function ExtractionDetail({ runs }: { runs: EvalRunDetail[] }) {
  const s = runs.map((r) => r.scores as ExtractionScores);
  const names = runs.map((r) => `${r.label} (#${r.id})`);
  const types = [...new Set(s.flatMap((x) => x.perType.map((t) => t.label)))];
  const rels = s[0].perRelation.filter((r) => r.gold > 0).slice(0, 12);
  return (
    <>
      <section className="ev-panel" aria-label="Scores">
        <table className="grid ev-scores" data-testid="ev-scores">
          <thead>
            <tr>
              <th>F1 [95% interval]</th>
              {names.map((n) => (
                <th key={n} className="num">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <PrfRow name="triples" values={s.map((x) => x.triples)} />
            <PrfRow name="entity pairs" values={s.map((x) => x.pairs)} />
            <PrfRow name="mentions, exact" values={s.map((x) => x.mentions.exact)} />
            <PrfRow name="mentions, head word" values={s.map((x) => x.mentions.head)} />
            <PrfRow name="mentions, overlap" values={s.map((x) => x.mentions.overlap)} />
            {s.some((x) => x.typedMentions) && <PrfRow name={`typed mentions (${s[0].mentionMode})`} values={s.map((x) => x.typedMentions)} />}
          </tbody>
        </table>
      </section>
      <div className="ev-charts">
        <section className="ev-panel" aria-label="Precision–recall curve">
          <h2 className="section-title">Precision–recall over the confidence threshold</h2>
          <LineChart
            testId="ev-pr-curve"
            xLabel="recall"
            yLabel="precision"
            series={s.map((x, i) => ({
              name: names[i],
              points: x.pr.map((p) => ({
                x: p.recall,
                y: p.precision,
                label: `confidence ≥ ${p.threshold}: P ${pct(p.precision)}, R ${pct(p.recall)}, ${p.predicted} triples`,
              })),
            }))}
          />
          {s.map((x, i) =>
            x.bestThreshold ? (
              <p key={i} className="ev-threshold">
                {names[i]}: best F1 {pct(x.bestThreshold.f1)} at confidence ≥ <strong>{x.bestThreshold.threshold}</strong> — the threshold to filter the review
                at.
              </p>
            ) : null,
          )}
        </section>
        {types.length > 0 && (
          <section className="ev-panel" aria-label="Per type">
            <h2 className="section-title">Mention recall per type</h2>
            <BarChart
              testId="ev-type-bars"
              names={names}
              rows={types.map((t) => ({ label: t, values: s.map((x) => x.perType.find((p) => p.label === t)?.recall ?? null) }))}
            />
          </section>
        )}
        {rels.length > 0 && (
          <section className="ev-panel" aria-label="Per relation">
            <h2 className="section-title">Triple recall per relation</h2>
            <BarChart
              names={names}
              rows={rels.map((r) => ({ label: r.label, values: s.map((x) => x.perRelation.find((p) => p.label === r.label)?.recall ?? null) }))}
            />
          </section>
        )}
      </div>
    </>
  );
}

function QaDetail({ runs }: { runs: EvalRunDetail[] }) {
  const s = runs.map((r) => r.scores as QaScores);
  const names = runs.map((r) => `${r.label} (#${r.id})`);
  const types = [...new Set(s.flatMap((x) => x.perType.map((t) => t.label)))];
  return (
    <>
      <section className="ev-panel" aria-label="Scores">
        <table className="grid ev-scores" data-testid="ev-scores">
          <thead>
            <tr>
              <th>[95% interval]</th>
              {names.map((n) => (
                <th key={n} className="num">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <RateRow name={`passage recall@${s[0].k}`} values={s.map((x) => x.passageRecall)} />
            <RateRow name="answer accuracy" values={s.map((x) => x.answerAccuracy)} />
            <RateRow name="abstention" values={s.map((x) => x.abstention)} />
            {s.some((x) => x.coverage) && <OptionalRateRow name="answered (not unsure)" values={s.map((x) => x.coverage)} />}
            {s.some((x) => x.ece !== undefined) && (
              <tr>
                <th scope="row">expected calibration error</th>
                {s.map((x, i) => (
                  <td key={i} className="num">
                    {x.ece === undefined ? 'n/a' : x.ece.toFixed(3)}
                  </td>
                ))}
              </tr>
            )}
            {s.some((x) => x.precisionAt) && (
              <tr>
                <th scope="row">precision / coverage at confidence ≥ 0.8</th>
                {s.map((x, i) => {
                  const p = x.precisionAt?.find((t) => t.threshold === 0.8);
                  return (
                    <td key={i} className="num">
                      {p ? `${p.precision === null ? 'n/a' : pct(p.precision)} / ${pct(p.coverage)} (${p.answered})` : 'n/a'}
                    </td>
                  );
                })}
              </tr>
            )}
          </tbody>
        </table>
      </section>
      <div className="ev-charts">
        <section className="ev-panel" aria-label="Recall at k">
          <h2 className="section-title">Passage recall@k</h2>
          <LineChart
            testId="ev-recall-curve"
            xLabel="k (passages)"
            yLabel="recall"
            xMax={Math.max(...s.map((x) => x.k))}
            xTicks={Array.from({ length: Math.max(...s.map((x) => x.k)) }, (_, i) => i + 1)}
            series={s.map((x, i) => ({ name: names[i], points: x.recallAtK.map((p) => ({ x: p.k, y: p.value })) }))}
          />
        </section>
        {s.some((x) => x.reliability) && (
          <section className="ev-panel" aria-label="Reliability">
            <h2 className="section-title">Reliability: confidence against the share right</h2>
            <LineChart
              testId="ev-reliability"
              xLabel="confidence (bin mean)"
              yLabel="first answer right"
              diagonal
              pointsOnly
              series={s.map((x, i) => ({
                name: names[i],
                points: (x.reliability ?? [])
                  .filter((b) => b.count > 0)
                  .map((b) => ({ x: b.confidence!, y: b.accuracy!, label: `confidence ${b.from}–${b.to}: ${b.count} answers, ${pct(b.accuracy!)} right` })),
              }))}
            />
            <p className="muted">On the diagonal, a confidence of 0.8 means right eight times in ten; below it, the answerer is overconfident.</p>
          </section>
        )}
        {s.some((x) => x.precisionCoverage) && (
          <section className="ev-panel" aria-label="Precision and coverage">
            <h2 className="section-title">Precision against coverage, by confidence threshold</h2>
            <LineChart
              testId="ev-precision-coverage"
              xLabel="coverage (right answers at or above the threshold / questions)"
              yLabel="precision"
              series={s.map((x, i) => ({
                name: names[i],
                points: (x.precisionCoverage ?? []).map((p) => ({
                  x: p.coverage,
                  y: p.precision,
                  label: `confidence ≥ ${p.threshold}: precision ${pct(p.precision)}, coverage ${pct(p.coverage)}`,
                })),
              }))}
            />
          </section>
        )}
        <section className="ev-panel" aria-label="Per type">
          <h2 className="section-title">Answer accuracy per question type</h2>
          <BarChart
            testId="ev-type-bars"
            names={names}
            rows={types.map((t) => ({ label: t, values: s.map((x) => x.perType.find((p) => p.label === t)?.answerAccuracy ?? null) }))}
          />
        </section>
      </div>
    </>
  );
}

function RunDetail({ a, b }: { a: number; b: number | null }) {
  const api = useApi();
  // a run without scores yet gets them when its job ends (job.progress makes eval.run.get stale)
  const ra = useCall('eval.run.get', { id: a });
  const rb = useCall('eval.run.get', { id: b ?? a }, { enabled: b !== null });
  if (ra.error) return <ErrorBox error={ra.error} />;
  const runA = ra.data;
  if (!runA) return <p className="muted">Loading…</p>;
  if (!runA.scores)
    return (
      <p className="muted">
        Run {runA.id} is {runA.state}: scores come when it finishes.
      </p>
    );
  const runB = b !== null && rb.data?.scores && rb.data.scores.kind === runA.scores.kind ? rb.data : null;
  const runs = runB ? [runA, runB] : [runA];
  const st = runA.settings;
  const report = async () => {
    const r = await api.call('eval.run.report', { id: runA.id, ...(runB ? { compare: runB.id } : {}) });
    const url = URL.createObjectURL(new Blob([r.html], { type: 'text/html' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = r.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className="ev-detail" data-testid="ev-detail">
      <p className="muted ev-settings">
        {runA.goldName} · {runA.items} items · engine {st.engine}
        {st.model ? ` ${st.model}` : ''}
        {st.modelHash ? ` (sha256 ${st.modelHash.slice(0, 12)})` : ''} · prompts {st.promptVersion} · {st.chunker}
        {runB ? ` — compared with #${runB.id} ${runB.label}` : ''}{' '}
        <button type="button" className="link" onClick={() => void report()}>
          Download report
        </button>
      </p>
      {runA.scores.kind === 'extraction' ? <ExtractionDetail runs={runs} /> : <QaDetail runs={runs} />}
      <Errors run={runA} />
    </div>
  );
}

function RunsTab() {
  const sets = useCall('eval.gold.list', {});
  const [setId, setSetId] = useState<number | null>(null);
  const current = sets.data?.find((s) => s.id === setId) ?? sets.data?.[0] ?? null;
  // a run's state follows its job's (job.progress makes eval.run.list stale when it starts or ends)
  const runsQ = useCall('eval.run.list', {});
  const jobs = useJobs();
  const [a, setA] = useState<number | null>(null);
  const [b, setB] = useState<number | null>(null);
  const runs = useMemo(() => runsQ.data ?? [], [runsQ.data]);
  const selected = a ?? runs.find((r) => r.state === 'done')?.id ?? null;
  const progress = (r: EvalRunInfo) => {
    const j = jobs.data?.find((x) => x.id === r.job);
    return j && (r.state === 'running' || r.state === 'queued') ? ` ${j.progress.done}/${j.progress.total}` : '';
  };
  const headline = (r: EvalRunInfo) =>
    r.kind === 'extraction'
      ? `triple F1 ${pct(r.headline.tripleF1)} · pairs ${pct(r.headline.pairF1)} · mentions ${pct(r.headline.mentionF1)}`
      : `recall ${pct(r.headline.passageRecall)} · accuracy ${pct(r.headline.answerAccuracy)}`;
  return (
    <div className="ev-body">
      <section className="ev-panel ev-gold" aria-label="Gold sets">
        <h2 className="section-title">Gold</h2>
        <GoldImport onImported={(id) => setSetId(id)} />
        {sets.data && sets.data.length > 0 && (
          <select aria-label="Gold set" value={current?.id ?? ''} onChange={(e) => setSetId(Number(e.target.value))}>
            {sets.data.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.format}, {s.items} {s.kind === 'qa' ? 'questions' : `texts, ${s.mentions} mentions, ${s.triples} triples`})
              </option>
            ))}
          </select>
        )}
        {current && <NewRun goldSet={current.id} kind={current.kind} onStarted={(id) => setA(id)} />}
      </section>
      {runs.length === 0 ? (
        <EmptyState title="No evaluation yet">Import a gold set (WebNLG, SciERC, BIO/CoNLL, token tables or questions) and run an engine on it.</EmptyState>
      ) : (
        <section className="ev-panel" aria-label="Runs">
          <table className="grid ev-runs" data-testid="ev-runs">
            <thead>
              <tr>
                <th>run</th>
                <th>gold</th>
                <th>state</th>
                <th>scores</th>
                <th>compare</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} className={r.id === selected ? 'selected' : undefined} onClick={() => setA(r.id)}>
                  <td>
                    #{r.id} {r.label}
                  </td>
                  <td>{r.goldName}</td>
                  <td data-testid={`run-state-${r.id}`}>
                    {r.state}
                    {progress(r)}
                  </td>
                  <td>{r.state === 'done' ? headline(r) : ''}</td>
                  <td onClick={(e) => e.stopPropagation()}>
                    <input
                      type="checkbox"
                      aria-label={`Compare run ${r.id}`}
                      disabled={r.id === selected || r.state !== 'done'}
                      checked={b === r.id}
                      onChange={(e) => setB(e.target.checked ? r.id : null)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {selected !== null && <RunDetail a={selected} b={b !== selected ? b : null} />}
    </div>
  );
}

function PrecisionTab() {
  const q = useCall('eval.precision', {});
  const p = q.data;
  if (q.error) return <ErrorBox error={q.error} />;
  if (!p) return <p className="muted">Loading…</p>;
  if (!p.decisions)
    return (
      <EmptyState title="No review decisions yet">
        Accept or reject triples in Review: precision per engine, relation, type and document appears here.
      </EmptyState>
    );
  const table = (name: string, rows: typeof p.byEngine) => (
    <section className="ev-panel" aria-label={`Precision by ${name}`}>
      <h2 className="section-title">By {name}</h2>
      <table className="grid">
        <thead>
          <tr>
            <th>{name}</th>
            <th className="num">accepted</th>
            <th className="num">rejected</th>
            <th className="num">precision [95%]</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 30).map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              <td className="num">{r.accepted}</td>
              <td className="num">{r.rejected}</td>
              <td className="num">
                {pct(r.precision)} {r.ci && <span className="muted">[{interval(r.ci)}]</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
  const days = p.overTime;
  return (
    <div className="ev-body" data-testid="ev-precision">
      <p>
        <strong>{pct(p.overall.precision)}</strong> of {p.decisions} reviewed triples accepted{' '}
        {p.overall.ci && <span className="muted">[{interval(p.overall.ci)}]</span>}
      </p>
      {days.length > 1 && (
        <section className="ev-panel" aria-label="Precision over time">
          <h2 className="section-title">Precision over time (cumulative)</h2>
          <LineChart
            xLabel={`days (${days[0].day} → ${days[days.length - 1].day})`}
            yLabel="precision"
            xMax={days.length - 1}
            xTicks={days.length <= 12 ? days.map((_, i) => i) : undefined}
            series={[{ name: 'precision', points: days.map((d, i) => ({ x: i, y: d.precision, label: `${d.day}: ${pct(d.precision)}` })) }]}
          />
        </section>
      )}
      <div className="ev-charts">
        {table('engine', p.byEngine)}
        {table('relation', p.byRelation)}
        {table('type', p.byType)}
        {table('document', p.byDocument)}
      </div>
    </div>
  );
}

export function EvaluationView() {
  const [tab, setTab] = useState<'runs' | 'precision'>('runs');
  return (
    <div className="view ev-view">
      <header className="view-header">
        <h1>Evaluation</h1>
        <div className="ev-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'runs'} className={tab === 'runs' ? 'active' : ''} onClick={() => setTab('runs')}>
            Gold runs
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === 'precision'}
            className={tab === 'precision' ? 'active' : ''}
            onClick={() => setTab('precision')}
          >
            Live precision
          </button>
        </div>
      </header>
      {tab === 'runs' ? <RunsTab /> : <PrecisionTab />}
    </div>
  );
}
