// Notes, examples and captions in a document's text, and which annexes are informative. Standards
// set these apart by fixed labels at the start of a paragraph, the same in every body's drafting
// rules (ISO/IEC Directives Part 2, the IEEE Style Manual): "NOTE", "NOTE 2", "NOTE—", "EXAMPLE",
// "Table 3 – Title", "Figure 2: Title"; an annex says "(normative)" or "(informative)" under its
// title. Notes and examples give no requirements, nor does an informative annex.
import type { Block, DocumentStructure, Section } from './structure';
import type { DocumentTable } from './tables';

export type { Block, BlockKind } from './structure';

// upper case only: "Note that ..." is prose, "NOTE" is the label
const NOTE = /^[ \t]*(NOTE|EXAMPLE)(?:[ \t]+(\d{1,3}))?(?:[ \t]+to entry)?[ \t]*(?:[:.—–-][ \t]*|[ \t]+)(?=\S)/;
const CAPTION = /^[ \t]*(Table|Figure|Fig\.)[ \t]+((?:[A-Z]\.)?\d{1,3}(?:[.-]\d{1,3})*)[ \t]*(?:[:.—–-][ \t]*\S|$)/;

/** The end of the paragraph starting at `at`: the next blank line, or the text's end. */
function paragraphEnd(text: string, at: number): number {
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = at;
  const m = blank.exec(text);
  return m ? m.index : text.length;
}

/** Notes, examples and captions: each from its label (opening a paragraph) to the end of its paragraph. */
export function findBlocks(text: string): Block[] {
  const out: Block[] = [];
  let start = 0;
  let afterBlank = true;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl;
    const line = text.slice(start, Math.min(end, start + 200));
    const blank = !line.trim();
    if (afterBlank && !blank) {
      const at = start + line.length - line.trimStart().length;
      const note = NOTE.exec(line);
      const cap = note ? null : CAPTION.exec(line);
      if (note)
        out.push({
          kind: note[1] === 'NOTE' ? 'note' : 'example',
          start: at,
          end: paragraphEnd(text, start),
          label: note[2] ? `${note[1]} ${note[2]}` : note[1],
        });
      else if (cap && end - start <= 300)
        out.push({
          kind: cap[1] === 'Table' ? 'table-caption' : 'figure-caption',
          start: at,
          end: paragraphEnd(text, start),
          label: `${cap[1] === 'Fig.' ? 'Figure' : cap[1]} ${cap[2]}`,
        });
    }
    afterBlank = blank;
    if (nl === -1) return out;
    start = nl + 1;
  }
}

const ANNEX_KIND = /\((normative|informative)\)/i;

/**
 * Annexes that say whether they are normative or informative: a top-level lettered section (or one
 * headed "Annex"/"Appendix") with "(normative)" or "(informative)" in its heading or on the lines
 * right after it. Sections without the word are left as they are.
 */
export function markAnnexes(text: string, sections: Section[]): Section[] {
  return sections.map((s) => {
    const lettered = s.number !== null && /^[A-Z]$/.test(s.number);
    if (!lettered && !/^(?:annex|appendix)\b/i.test(s.heading)) return s;
    const near = text.slice(s.start, Math.min(s.end, s.headingEnd + 120));
    const m = ANNEX_KIND.exec(s.heading) ?? ANNEX_KIND.exec(near);
    return m ? { ...s, annex: m[1].toLowerCase() as 'normative' | 'informative' } : s;
  });
}

/** The annex an offset lies in (its top-level section's mark), or null. */
export function annexAt(sections: readonly Pick<Section, 'start' | 'end' | 'level' | 'annex'>[], offset: number): 'normative' | 'informative' | null {
  for (const s of sections) {
    if (s.start > offset) break;
    if (s.annex && s.end > offset) return s.annex;
  }
  return null;
}

/**
 * A structure with its notes, examples and captions, its annexes marked, and its tables (a table
 * without a caption of its own takes the caption block right above it). Keys are added only when
 * there is something to say, so a text without any reads as before.
 */
export function withBlocks(text: string, st: DocumentStructure, tables: DocumentTable[] = st.tables ?? []): DocumentStructure {
  const blocks = findBlocks(text);
  const sections = markAnnexes(text, st.sections);
  const named = tables.map((t) => {
    if (t.caption) return t;
    const cap = blocks.find((b) => b.kind === 'table-caption' && b.end <= t.start && !text.slice(b.end, t.start).trim());
    return cap ? { ...t, caption: text.slice(cap.start, cap.end).replace(/\s+/g, ' ').trim() } : t;
  });
  const out: DocumentStructure = { ...st, sections };
  if (named.length) out.tables = named;
  else delete out.tables;
  if (blocks.length) out.blocks = blocks;
  return out;
}
