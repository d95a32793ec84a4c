// How far a confidence can be trusted: answers with their confidence and whether they were right.
// A reliability diagram (equal-width confidence bins: mean confidence against the share right in
// each), the expected calibration error (the bins' |confidence - accuracy| weighted by their size),
// and precision with coverage at confidence thresholds (of the answers at or above a threshold, how
// many are right, and what share of the answerable questions they cover).

export interface ConfidencePoint {
  confidence: number;
  correct: boolean;
  /** Whether the question has an answer in the documents (off-topic questions do not). */
  answerable?: boolean;
}

interface ReliabilityBin {
  from: number;
  to: number;
  count: number;
  /** Mean confidence of the bin's answers (null when empty). */
  confidence: number | null;
  /** Share of the bin's answers that were right (null when empty). */
  accuracy: number | null;
}

interface PrecisionAt {
  threshold: number;
  /** Answers at or above the threshold. */
  answered: number;
  correct: number;
  /** correct / answered (null when none is answered). */
  precision: number | null;
  /** correct answers at or above the threshold over the answerable questions. */
  coverage: number;
}

const round = (x: number) => Math.round(x * 10000) / 10000;

/** Equal-width bins over [0, 1]; a confidence of exactly 1 falls in the last. */
export function reliability(points: ConfidencePoint[], bins = 10): ReliabilityBin[] {
  const out = Array.from({ length: bins }, (_, i) => ({ from: i / bins, to: (i + 1) / bins, count: 0, sum: 0, right: 0 }));
  for (const p of points) {
    const c = Math.min(1, Math.max(0, p.confidence));
    const b = out[Math.min(bins - 1, Math.floor(c * bins))];
    b.count++;
    b.sum += c;
    if (p.correct) b.right++;
  }
  return out.map((b) => ({
    from: round(b.from),
    to: round(b.to),
    count: b.count,
    confidence: b.count ? round(b.sum / b.count) : null,
    accuracy: b.count ? round(b.right / b.count) : null,
  }));
}

/** Expected calibration error: sum over bins of (bin size / n) * |mean confidence - accuracy|. */
export function expectedCalibrationError(points: ConfidencePoint[], bins = 10): number {
  if (!points.length) return 0;
  let ece = 0;
  for (const b of reliability(points, bins)) if (b.count) ece += (b.count / points.length) * Math.abs(b.confidence! - b.accuracy!);
  return round(ece);
}

export const DEFAULT_THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9];

/**
 * Precision and coverage at each threshold. Coverage counts right answers at or above the threshold
 * against the answerable questions (points without `answerable` count as answerable).
 */
export function precisionAt(points: ConfidencePoint[], thresholds = DEFAULT_THRESHOLDS): PrecisionAt[] {
  const answerable = points.filter((p) => p.answerable !== false).length;
  return thresholds.map((threshold) => {
    const kept = points.filter((p) => p.confidence >= threshold);
    const correct = kept.filter((p) => p.correct).length;
    return {
      threshold,
      answered: kept.length,
      correct,
      precision: kept.length ? round(correct / kept.length) : null,
      coverage: answerable ? round(correct / answerable) : 0,
    };
  });
}

/** The precision–coverage curve: one point per distinct confidence, highest first. */
export function precisionCoverage(points: ConfidencePoint[]): { threshold: number; precision: number; coverage: number }[] {
  const answerable = points.filter((p) => p.answerable !== false).length;
  const sorted = [...points].sort((a, b) => b.confidence - a.confidence);
  const out: { threshold: number; precision: number; coverage: number }[] = [];
  let right = 0;
  sorted.forEach((p, i) => {
    if (p.correct) right++;
    if (i + 1 < sorted.length && sorted[i + 1].confidence === p.confidence) return;
    out.push({ threshold: round(p.confidence), precision: round(right / (i + 1)), coverage: answerable ? round(right / answerable) : 0 });
  });
  return out;
}
