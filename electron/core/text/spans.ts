// Spans sorted by where they start (headings, sections, regions, chunks): finding the one in force
// at a position. Below every folder that keeps such lists (chunk/, document/, the stages).

/** Index of the last item of `sorted` (ascending by start) that starts at or before pos, or -1 (binary search). */
export function lastStartingAtOrBefore(sorted: readonly { start: number }[], pos: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start <= pos) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
