// Live precision from review: of the triples an editor accepted or rejected (the latest decision of
// each, undone ones left out), the share accepted, per engine, relation, subject type and document,
// and cumulatively day by day. No gold needed: it tells which relation or model to trust.
import type { LivePrecision, PrecisionRow } from '../../../shared/contract/eval';
import type { DecisionRow } from '../store/eval';
import { wilson } from './score';

const round = (x: number) => Math.round(x * 10000) / 10000;

function rowOf(label: string, accepted: number, rejected: number): PrecisionRow {
  const n = accepted + rejected;
  return { label, accepted, rejected, precision: n ? round(accepted / n) : null, ci: n ? wilson(accepted, n) : null };
}

function groupBy(rows: DecisionRow[], key: (r: DecisionRow) => string | null): PrecisionRow[] {
  const m = new Map<string, { a: number; r: number }>();
  for (const d of rows) {
    const k = key(d) ?? '(none)';
    const g = m.get(k) ?? { a: 0, r: 0 };
    if (d.status === 'accepted') g.a++;
    else g.r++;
    m.set(k, g);
  }
  return [...m].map(([k, g]) => rowOf(k, g.a, g.r)).sort((x, y) => y.accepted + y.rejected - (x.accepted + x.rejected) || x.label.localeCompare(y.label));
}

export function livePrecision(decisions: DecisionRow[]): LivePrecision {
  const accepted = decisions.filter((d) => d.status === 'accepted').length;
  const overTime: LivePrecision['overTime'] = [];
  let a = 0;
  let r = 0;
  const sorted = [...decisions].sort((x, y) => x.at.localeCompare(y.at));
  sorted.forEach((d, i) => {
    if (d.status === 'accepted') a++;
    else r++;
    const day = d.at.slice(0, 10);
    if (i + 1 === sorted.length || sorted[i + 1].at.slice(0, 10) !== day) overTime.push({ day, accepted: a, rejected: r, precision: round(a / (a + r)) });
  });
  return {
    decisions: decisions.length,
    overall: rowOf('all', accepted, decisions.length - accepted),
    byEngine: groupBy(decisions, (d) => d.engine),
    byRelation: groupBy(decisions, (d) => d.relation).slice(0, 200),
    byType: groupBy(decisions, (d) => d.type),
    byDocument: groupBy(decisions, (d) => d.document).slice(0, 200),
    overTime,
  };
}
