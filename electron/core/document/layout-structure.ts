// The structure of a document whose layout the parser read (a PDF): the sections are the headings
// its outline or fonts gave, the standard and title come from the text as for any document, then
// from the PDF's metadata title and the cover's largest line ("RFC 2867: ...", "IEC 61850-7-4 ..."),
// and its tables are kept.
import { analyzeStructure, designationIn, type DocumentStructure, type Section } from './structure';
import type { DocumentTable } from './tables';

interface LayoutHints {
  headings: { start: number; end: number; number: string | null; heading: string; level: number }[];
  tables: DocumentTable[];
  metadataTitle?: string;
  coverTitle?: string;
}

/** A metadata title that names the document (not a file name, a tool's placeholder or a word). */
function usableTitle(t: string | undefined): string | undefined {
  const s = t?.replace(/\s+/g, ' ').trim();
  if (!s || s.length < 4 || !/\p{L}{2}/u.test(s)) return undefined;
  if (/\.(?:docx?|odt|rtf|tex|pdf|txt|html?|indd|qxd)$/i.test(s) || /^(?:untitled|document\s*\d*|microsoft word\b.*|slide\s*\d*)$/i.test(s)) return undefined;
  return s;
}

/** Headings in text order as sections: each ends where the next of its level or a higher one starts. */
function sectionsOf(headings: LayoutHints['headings'], textLength: number): Section[] {
  const sections: Section[] = headings.map((h) => ({
    number: h.number,
    heading: h.heading,
    level: h.level,
    start: h.start,
    end: textLength,
    headingEnd: h.end,
  }));
  const open: Section[] = [];
  for (const s of sections) {
    while (open.length && open[open.length - 1].level >= s.level) open.pop()!.end = s.start;
    open.push(s);
  }
  return sections;
}

export function layoutStructure(text: string, hints: LayoutHints): DocumentStructure {
  const sections = hints.headings.length >= 2 ? sectionsOf(hints.headings, text.length) : undefined;
  const st = analyzeStructure(text, { sections });
  const meta = usableTitle(hints.metadataTitle);
  const cover = usableTitle(hints.coverTitle);
  let standard = st.standard;
  if (!standard) standard = (meta && designationIn(meta)) || (cover && designationIn(cover)) || null;
  if (standard && !standard.title) {
    const named = [meta, cover].map((t) => t && designationIn(t)).find((d) => d && d.id === standard!.id && d.title);
    const title = named ? named.title : cover && !designationIn(cover) ? cover : undefined;
    if (title) standard = { ...standard, title };
  }
  const title = standard ? (standard.title ? `${standard.id}: ${standard.title}` : standard.id) : (meta ?? cover ?? null);
  const boilerplate = [...st.boilerplate];
  // a standard named by the metadata: its front page up to the first section is front matter, as when the text names it
  const first = st.sections[0];
  if (standard && !st.standard && first && first.start > 0 && !boilerplate.some((r) => r.kind === 'front-matter'))
    boilerplate.unshift({ kind: 'front-matter', start: 0, end: first.start });
  return { ...st, standard, title, boilerplate, ...(hints.tables.length ? { tables: hints.tables } : {}) };
}
