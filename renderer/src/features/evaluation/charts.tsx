// Small SVG charts drawn in React (no charting library): a line chart over [0, 1] and horizontal bars.
// Colours come from the theme's CSS variables (--ink, --muted, --line, --accent, --series-2), so the
// charts follow whichever theme is active.

export interface Series {
  name: string;
  points: { x: number; y: number; label?: string }[];
}

const SERIES = ['var(--accent)', 'var(--series-2, #d9822b)'];

export function LineChart({
  series,
  xLabel,
  yLabel,
  xMax = 1,
  xTicks,
  width = 420,
  height = 280,
  testId,
  diagonal = false,
  pointsOnly = false,
}: {
  series: Series[];
  xLabel: string;
  yLabel: string;
  xMax?: number;
  xTicks?: number[];
  width?: number;
  height?: number;
  testId?: string;
  /** Draw the line y = x (a reliability diagram's perfect calibration). */
  diagonal?: boolean;
  /** Points without the line joining them. */
  pointsOnly?: boolean;
}) {
  const m = { l: 46, r: 12, t: 10, b: 38 };
  const X = (x: number) => m.l + (x / xMax) * (width - m.l - m.r);
  const Y = (y: number) => height - m.b - y * (height - m.t - m.b);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <svg
      className="ev-chart"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={`${yLabel} over ${xLabel}`}
      data-testid={testId}
    >
      <rect x={m.l} y={m.t} width={width - m.l - m.r} height={height - m.t - m.b} fill="none" stroke="var(--line)" />
      {ticks.map((t) => (
        <g key={t}>
          <line x1={X(0)} x2={X(xMax)} y1={Y(t)} y2={Y(t)} stroke="var(--line)" />
          <text x={m.l - 6} y={Y(t) + 4} textAnchor="end" className="ev-tick">
            {t}
          </text>
        </g>
      ))}
      {(xTicks ?? ticks.map((t) => +(t * xMax).toFixed(2))).map((x) => (
        <text key={`x${x}`} x={X(x)} y={height - m.b + 15} textAnchor="middle" className="ev-tick">
          {x}
        </text>
      ))}
      {diagonal && <line x1={X(0)} y1={Y(0)} x2={X(xMax)} y2={Y(Math.min(1, xMax))} stroke="var(--muted)" strokeDasharray="4 3" data-testid="ev-diagonal" />}
      {series.map((s, i) =>
        s.points.length ? (
          <g key={s.name + i} data-series={i}>
            {!pointsOnly && (
              <path
                d={s.points.map((p, k) => `${k ? 'L' : 'M'}${X(p.x).toFixed(1)},${Y(p.y).toFixed(1)}`).join('')}
                fill="none"
                stroke={SERIES[i % 2]}
                strokeWidth={2}
              />
            )}
            {s.points.length <= 80 &&
              s.points.map((p, k) => (
                <circle key={k} cx={X(p.x)} cy={Y(p.y)} r={2.5} fill={SERIES[i % 2]}>
                  <title>{p.label ?? `${xLabel} ${p.x}, ${yLabel} ${p.y}`}</title>
                </circle>
              ))}
          </g>
        ) : null,
      )}
      {series.map((s, i) => (
        <text key={`l${i}`} x={width - m.r - 4} y={m.t + 14 + i * 14} textAnchor="end" style={{ fill: SERIES[i % 2] }} className="ev-legend">
          {s.name}
        </text>
      ))}
      <text x={(m.l + width - m.r) / 2} y={height - 4} textAnchor="middle" className="ev-axis">
        {xLabel}
      </text>
      <text transform={`translate(12 ${(m.t + height - m.b) / 2}) rotate(-90)`} textAnchor="middle" className="ev-axis">
        {yLabel}
      </text>
    </svg>
  );
}

export function BarChart({
  rows,
  names,
  width = 520,
  testId,
}: {
  rows: { label: string; values: (number | null)[] }[];
  names: string[];
  width?: number;
  testId?: string;
}) {
  const barH = 10;
  const groupH = names.length * (barH + 2) + 8;
  const left = 170;
  const height = rows.length * groupH + 22;
  const W = (v: number) => v * (width - left - 56);
  return (
    <svg className="ev-chart" viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label="per-label bars" data-testid={testId}>
      {rows.map((r, i) => {
        const y0 = 6 + i * groupH;
        return (
          <g key={r.label}>
            <text x={left - 6} y={y0 + barH} textAnchor="end" className="ev-label">
              {r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label}
            </text>
            {r.values.map((v, k) => {
              const y = y0 + k * (barH + 2);
              return v === null ? (
                <text key={k} x={left + 4} y={y + barH - 1} className="ev-tick">
                  n/a
                </text>
              ) : (
                <g key={k}>
                  <rect x={left} y={y} width={Math.max(1, W(v))} height={barH} fill={SERIES[k % 2]} />
                  <text x={left + W(v) + 4} y={y + barH - 1} className="ev-tick">
                    {(v * 100).toFixed(1)}%
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
      {names.map((n, k) => (
        <text key={n + k} x={left + k * 150} y={height - 4} style={{ fill: SERIES[k % 2] }} className="ev-legend">
          {n}
        </text>
      ))}
    </svg>
  );
}
