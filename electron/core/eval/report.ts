// A self-contained HTML report of one evaluation run (and optionally a second to compare): settings,
// scores with intervals, the precision–recall curve over the confidence threshold, per-type bars and
// the errors. Plain SVG and CSS, no script and nothing fetched; light and dark follow the reader.
import type { EvalRunDetail, ExtractionScores, Prf, QaScores } from '../../../shared/contract/eval';

const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const pct = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)}%`);
const ci = (c: [number, number]) => `${pct(c[0])} – ${pct(c[1])}`;

/** A line chart of (x, y) series in [0, 1] × [0, 1]. */
function lineChartSvg(
  series: { name: string; points: { x: number; y: number }[]; className: string }[],
  opts: { xLabel: string; yLabel: string; width?: number; height?: number; xMax?: number; xTicks?: number[] },
): string {
  const w = opts.width ?? 420;
  const h = opts.height ?? 300;
  const m = { l: 48, r: 12, t: 12, b: 40 };
  const xMax = opts.xMax ?? 1;
  const X = (x: number) => m.l + (x / xMax) * (w - m.l - m.r);
  const Y = (y: number) => h - m.b - y * (h - m.t - m.b);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const grid = ticks
    .map(
      (t) =>
        `<line class="grid" x1="${X(0)}" x2="${X(xMax)}" y1="${Y(t)}" y2="${Y(t)}"/><text class="tick" x="${m.l - 6}" y="${Y(t) + 4}" text-anchor="end">${t}</text>`,
    )
    .join('');
  const xt = (opts.xTicks ?? ticks.map((t) => +(t * xMax).toFixed(2)))
    .map((x) => `<text class="tick" x="${X(x)}" y="${h - m.b + 16}" text-anchor="middle">${x}</text>`)
    .join('');
  const lines = series
    .map((s) => {
      if (!s.points.length) return '';
      const d = s.points.map((p, i) => `${i ? 'L' : 'M'}${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join('');
      const dots =
        s.points.length <= 60
          ? s.points.map((p) => `<circle class="${s.className}" cx="${X(p.x).toFixed(1)}" cy="${Y(p.y).toFixed(1)}" r="2.5"/>`).join('')
          : '';
      return `<path class="${s.className} line" d="${d}"/>${dots}`;
    })
    .join('');
  const legend = series
    .map((s, i) => `<text class="legend ${s.className}" x="${w - m.r - 4}" y="${m.t + 12 + i * 14}" text-anchor="end">${esc(s.name)}</text>`)
    .join('');
  return `<svg class="chart" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><rect class="frame" x="${m.l}" y="${m.t}" width="${w - m.l - m.r}" height="${h - m.t - m.b}"/>${grid}${xt}${lines}${legend}<text class="axis" x="${(m.l + w - m.r) / 2}" y="${h - 6}" text-anchor="middle">${esc(opts.xLabel)}</text><text class="axis" transform="translate(12 ${(m.t + h - m.b) / 2}) rotate(-90)" text-anchor="middle">${esc(opts.yLabel)}</text></svg>`;
}

/** Horizontal bars in [0, 1], one group per label (one bar per series). */
function barChartSvg(rows: { label: string; values: (number | null)[] }[], seriesNames: string[], opts: { width?: number } = {}): string {
  const w = opts.width ?? 520;
  const barH = 10;
  const groupH = seriesNames.length * (barH + 2) + 8;
  const left = 170;
  const h = rows.length * groupH + 24;
  const W = (v: number) => v * (w - left - 50);
  const body = rows
    .map((r, i) => {
      const y0 = 8 + i * groupH;
      const bars = r.values
        .map((v, k) => {
          const y = y0 + k * (barH + 2);
          return v === null
            ? `<text class="tick" x="${left + 4}" y="${y + barH - 1}">n/a</text>`
            : `<rect class="s${k}" x="${left}" y="${y}" width="${Math.max(1, W(v)).toFixed(1)}" height="${barH}"/><text class="tick" x="${left + W(v) + 4}" y="${y + barH - 1}">${pct(v)}</text>`;
        })
        .join('');
      return `<text class="label" x="${left - 6}" y="${y0 + barH}" text-anchor="end">${esc(r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label)}</text>${bars}`;
    })
    .join('');
  const legend = seriesNames.map((n, k) => `<text class="legend s${k}t" x="${left + k * 140}" y="${h - 4}">${esc(n)}</text>`).join('');
  return `<svg class="chart" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">${body}${legend}</svg>`;
}

const CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6478; --bg: #ffffff; --line: #d8dde8; --s0: #2f6fdb; --s1: #d9822b; --bad: #c23a3a; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9f0; --muted: #a3abbd; --bg: #161a22; --line: #343b4a; --s0: #6fa0ff; --s1: #f0a860; --bad: #ff7b7b; } }
body { font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 24px auto; max-width: 1000px; padding: 0 16px; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; border-bottom: 1px solid var(--line); }
table { border-collapse: collapse; margin: 8px 0; } td, th { padding: 3px 10px; border-bottom: 1px solid var(--line); text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } .muted { color: var(--muted); }
.chart text { fill: var(--fg); font-size: 11px; } .chart .tick { fill: var(--muted); } .chart .grid { stroke: var(--line); }
.chart .frame { fill: none; stroke: var(--line); } .chart .line { fill: none; stroke-width: 2; }
.chart path.s0, .chart circle.s0 { stroke: var(--s0); } .chart circle.s0, rect.s0 { fill: var(--s0); } .chart .legend.s0, .s0t { fill: var(--s0) !important; }
.chart path.s1, .chart circle.s1 { stroke: var(--s1); } .chart circle.s1, rect.s1 { fill: var(--s1); } .chart .legend.s1, .s1t { fill: var(--s1) !important; }
.err { font-family: ui-monospace, monospace; font-size: 12px; } .kind { color: var(--bad); }
`;

function prfRows(name: string, runs: Prf[]): string {
  return `<tr><th>${esc(name)}</th>${runs
    .map(
      (p) =>
        `<td class="n">${pct(p.precision)}</td><td class="n">${pct(p.recall)}</td><td class="n"><b>${pct(p.f1)}</b></td><td class="muted">F1 ${ci(p.ci.f1)}</td><td class="n muted">${p.tp}/${p.predicted}/${p.gold}</td>`,
    )
    .join('')}</tr>`;
}

function extractionSection(runs: EvalRunDetail[]): string {
  const s = runs.map((r) => r.scores as ExtractionScores);
  const head = `<tr><th></th>${runs.map((r) => `<th colspan="5">${esc(r.label)} (run ${r.id})</th>`).join('')}</tr><tr><th></th>${runs.map(() => '<th>P</th><th>R</th><th>F1</th><th>95% interval</th><th>tp/pred/gold</th>').join('')}</tr>`;
  const rows = [
    prfRows(
      'triples',
      s.map((x) => x.triples),
    ),
    prfRows(
      'entity pairs',
      s.map((x) => x.pairs),
    ),
    prfRows(
      'mentions (exact)',
      s.map((x) => x.mentions.exact),
    ),
    prfRows(
      'mentions (head word)',
      s.map((x) => x.mentions.head),
    ),
    prfRows(
      'mentions (overlap)',
      s.map((x) => x.mentions.overlap),
    ),
    ...(s.every((x) => x.typedMentions)
      ? [
          prfRows(
            `typed mentions (${s[0].mentionMode})`,
            s.map((x) => x.typedMentions!),
          ),
        ]
      : []),
  ].join('');
  const pr = lineChartSvg(
    s.map((x, i) => ({ name: `${runs[i].label} (run ${runs[i].id})`, className: `s${i}`, points: x.pr.map((p) => ({ x: p.recall, y: p.precision })) })),
    { xLabel: 'recall', yLabel: 'precision' },
  );
  const thr = s
    .map((x, i) =>
      x.bestThreshold
        ? `<p>${esc(runs[i].label)}: the best F1 (${pct(x.bestThreshold.f1)}) is at confidence ≥ <b>${x.bestThreshold.threshold}</b>: filter the review there.</p>`
        : '',
    )
    .join('');
  const labels = [...new Set(s.flatMap((x) => x.perType.map((t) => t.label)))];
  const types = labels.length
    ? `<h2>Per type (mention recall)</h2>${barChartSvg(
        labels.map((l) => ({ label: l, values: s.map((x) => x.perType.find((t) => t.label === l)?.recall ?? null) })),
        runs.map((r) => `${r.label} (run ${r.id})`),
      )}`
    : '';
  const rels = s[0].perRelation.filter((r) => r.gold > 0).slice(0, 40);
  const relTable = rels.length
    ? `<h2>Per relation (${esc(runs[0].label)})</h2><table><tr><th>relation</th><th>gold</th><th>predicted</th><th>matched</th><th>P</th><th>R</th><th>F1</th></tr>${rels
        .map(
          (r) =>
            `<tr><td>${esc(r.label)}</td><td class="n">${r.gold}</td><td class="n">${r.predicted}</td><td class="n">${r.matched}</td><td class="n">${pct(r.precision)}</td><td class="n">${pct(r.recall)}</td><td class="n">${pct(r.f1)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const errs = s[0].errors.filter((e) => e.unit === 'triple').slice(0, 200);
  const errTable = `<h2>Triple errors (${esc(runs[0].label)}, first ${errs.length})</h2><table class="err">${errs
    .map(
      (e) =>
        `<tr><td class="kind">${esc(e.kind)}</td><td>${esc(e.item)}</td><td>${esc(e.gold ?? '')}</td><td>${esc(e.predicted ?? '')}</td><td class="n">${e.confidence ?? ''}</td></tr>`,
    )
    .join('')}</table>`;
  return `<h2>Scores</h2><table>${head}${rows}</table><h2>Precision–recall over the confidence threshold</h2>${pr}${thr}${types}${relTable}${errTable}`;
}

function qaSection(runs: EvalRunDetail[]): string {
  const s = runs.map((r) => r.scores as QaScores);
  const rate = (name: string, pick: (q: QaScores) => QaScores['passageRecall']) =>
    `<tr><th>${esc(name)}</th>${s.map((q) => `<td class="n"><b>${pct(pick(q).value)}</b></td><td class="muted">${ci(pick(q).ci)}</td><td class="n muted">${pick(q).hits}/${pick(q).total}</td>`).join('')}</tr>`;
  const table = `<table><tr><th></th>${runs.map((r) => `<th colspan="3">${esc(r.label)} (run ${r.id})</th>`).join('')}</tr>${rate(`passage recall@${s[0].k}`, (q) => q.passageRecall)}${rate('answer accuracy', (q) => q.answerAccuracy)}${rate('abstention', (q) => q.abstention)}</table>`;
  const k = Math.max(...s.map((q) => q.k));
  const chart = lineChartSvg(
    s.map((q, i) => ({ name: `${runs[i].label} (run ${runs[i].id})`, className: `s${i}`, points: q.recallAtK.map((p) => ({ x: p.k, y: p.value })) })),
    { xLabel: 'k (passages)', yLabel: 'recall@k', xMax: k, xTicks: Array.from({ length: k }, (_, i) => i + 1) },
  );
  const labels = [...new Set(s.flatMap((q) => q.perType.map((t) => t.label)))];
  const bars = barChartSvg(
    labels.map((l) => ({ label: l, values: s.map((q) => q.perType.find((t) => t.label === l)?.answerAccuracy ?? null) })),
    runs.map((r) => `${r.label} (run ${r.id})`),
  );
  const errs = s[0].errors.slice(0, 200);
  const errTable = `<h2>Errors (${esc(runs[0].label)})</h2><table class="err">${errs
    .map(
      (e) =>
        `<tr><td class="kind">${esc(e.kind)}</td><td>${esc(e.item)}</td><td>${esc(e.gold ?? '')}</td><td>${esc((e.predicted ?? '').slice(0, 240))}</td></tr>`,
    )
    .join('')}</table>`;
  return `<h2>Scores</h2>${table}<h2>Passage recall@k</h2>${chart}<h2>Answer accuracy per question type</h2>${bars}${errTable}`;
}

/** The report of `run` (with `compare` beside it when given and of the same kind). */
export function renderReport(run: EvalRunDetail, compare?: EvalRunDetail | null): string {
  if (!run.scores) throw new Error(`run ${run.id} has no scores yet (state: ${run.state})`);
  const runs = compare && compare.scores && compare.scores.kind === run.scores.kind ? [run, compare] : [run];
  const settings = `<table><tr><th></th>${runs.map((r) => `<th>${esc(r.label)}</th>`).join('')}</tr>${(
    ['engine', 'model', 'modelHash', 'endpoint', 'promptVersion', 'chunker', 'mentionMode', 'k', 'limit', 'appVersion'] as const
  )
    .map((k) => `<tr><td>${k}</td>${runs.map((r) => `<td>${esc((r.settings as Record<string, unknown>)[k] ?? '–')}</td>`).join('')}</tr>`)
    .join(
      '',
    )}<tr><td>gold</td>${runs.map((r) => `<td>${esc(r.goldName)} (${r.items} items)</td>`).join('')}</tr><tr><td>finished</td>${runs.map((r) => `<td>${esc(r.finishedAt ?? '')}</td>`).join('')}</tr></table>`;
  const body = run.scores.kind === 'extraction' ? extractionSection(runs) : qaSection(runs);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Graphwright evaluation: ${esc(run.label)} on ${esc(run.goldName)}</title><style>${CSS}</style></head><body><h1>Evaluation: ${esc(run.label)} on ${esc(run.goldName)}</h1><h2>Settings</h2>${settings}${body}<p class="muted">Matching rules: docs/evaluation.md. Intervals are 95%: Wilson for precision, recall and rates; a bootstrap over items for F1.</p></body></html>\n`;
}
