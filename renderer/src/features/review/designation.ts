// The Review table's Document column: the standard's designation and clause ("RFC 3580 §3.1") read
// off the first evidence span's clause label, not the document's whole title, which wraps a row into
// ten lines at laptop widths. Typed without the DOM: unit-tested outside a browser.

interface DocumentCellSource {
  documentTitle: string | null;
  provenance: { clause?: string; section?: string | null; heading?: string }[];
}

/** What the cell shows, and its tooltip (the whole title and clause). */
export function documentCell(t: DocumentCellSource): { text: string; title: string } {
  const title = t.documentTitle ?? '';
  const p = t.provenance[0];
  if (!p?.clause) return { text: title || '—', title };
  const heading = p.heading ?? '';
  // the clause label is "<designation> §<number> <heading>", each part optional: drop the heading
  let short = heading && p.clause.endsWith(heading) ? p.clause.slice(0, p.clause.length - heading.length).trim() : p.clause;
  if (!short)
    short = title || p.clause; // an unnumbered section of a document with no designation
  else if (short.startsWith('§') && title) short = `${title} ${short}`; // numbered, but no designation
  return { text: short, title: title ? `${title} — ${p.clause}` : p.clause };
}
