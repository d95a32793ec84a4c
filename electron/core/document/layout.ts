// The layout of plain-text documents, read from indentation and line shapes, for the answerer: field
// lists (a label line with its more indented body: "Value" / "12"), description fields under a line
// naming a thing (a section heading or a MIB object's first line, then "Description" / DESCRIPTION),
// the lines a listing's line is indented under, the heading above an offset, and the fields of a
// standard's own header a question may ask for. Pure text in, layout out: no question matching here.

interface FieldRecord {
  /** The less indented line above the record ("3.4.  Tunnel-Link-Start"). */
  heading: string;
  fields: { label: string; body: string; offset: number }[];
}

/**
 * Field lists of a plain-text layout: a short label line ("Value", "Description", "Type") with its body
 * on the more indented lines below it; consecutive labels at one indentation form a record, headed by
 * the last less indented line above it.
 */
export function fieldRecords(text: string): FieldRecord[] {
  const lines = text.split('\n');
  const indent = (l: string) => l.length - l.trimStart().length;
  const offsets: number[] = [];
  let at = 0;
  for (const l of lines) {
    offsets.push(at);
    at += l.length + 1;
  }
  const out: FieldRecord[] = [];
  let rec: FieldRecord | null = null;
  let recIndent = -1;
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim()) continue;
    const k = indent(line);
    const label = /^[A-Z][A-Za-z-]*(?: [A-Za-z-]+){0,2}$/.test(line.trim());
    // the body: the following lines indented deeper than the label
    let j = i + 1;
    const body: string[] = [];
    while (j < lines.length && (!lines[j].trim() || indent(lines[j]) > k)) {
      if (lines[j].trim()) body.push(lines[j].trim());
      j++;
    }
    if (label && body.length) {
      if (!rec || recIndent !== k) {
        if (rec && rec.fields.length) out.push(rec);
        rec = { heading, fields: [] };
        recIndent = k;
      }
      rec.fields.push({ label: line.trim(), body: body.join(' '), offset: offsets[i] });
      i = j - 1;
      continue;
    }
    if (rec && k <= recIndent) {
      if (rec.fields.length) out.push(rec);
      rec = null;
      recIndent = -1;
    }
    heading = line.trim();
  }
  if (rec && rec.fields.length) out.push(rec);
  return out;
}

const DESCRIPTION_LABEL = /^\s*(?:DESCRIPTION|Description|Definition|Meaning)\s*:?\s*(.*)$/;
const NUMBERED_HEADING = /^\s*\d+(?:\.\d+)*\.?\s+\S/;

/**
 * Description fields: a field labelled Description / DESCRIPTION / Definition / Meaning, its body (the
 * rest of the line, or the next paragraph; a quoted body up to its closing quote; its first sentence),
 * with the short lines above it that may name what it describes (nearest first, up to eleven lines
 * back, not past a numbered section heading).
 */
export function descriptionFields(text: string): { body: string; names: string[]; offset: number }[] {
  const lines = text.split('\n');
  const out: { body: string; names: string[]; offset: number }[] = [];
  let at = 0;
  const offsets = lines.map((l) => {
    const o = at;
    at += l.length + 1;
    return o;
  });
  for (let j = 0; j < lines.length; j++) {
    const m = DESCRIPTION_LABEL.exec(lines[j]);
    if (!m) continue;
    const names: string[] = [];
    for (let i = j - 1; i >= Math.max(0, j - 11); i--) {
      if (lines[i].trim()) names.push(lines[i].trim());
      if (NUMBERED_HEADING.test(lines[i])) break;
    }
    if (!names.length) continue;
    let body = m[1].trim();
    let k = j + 1;
    if (!body) {
      while (k < lines.length && !lines[k].trim()) k++;
      body = (lines[k] ?? '').trim();
      k++;
    }
    // a quoted body may run over several lines
    if (body.startsWith('"') && !/"\s*$/.test(body.slice(1))) {
      while (k < lines.length && lines[k].trim() && !body.slice(1).includes('"')) body += ` ${lines[k++].trim()}`;
    }
    body = body.replace(/^"|"\s*$/g, '').split(/(?<=[.!?])\s+(?=[A-Z])/)[0];
    if (body) out.push({ body, names, offset: offsets[j] });
  }
  return out;
}

/** The SMI macros that open an entry of a MIB module (RFC 2578 §3, RFC 2579 §3, RFC 2580 §§4-7), the entry's name before them. */
const SMI_ENTRY =
  /([A-Za-z][\w-]*)\s+(?:OBJECT-TYPE|OBJECT-IDENTITY|MODULE-IDENTITY|NOTIFICATION-TYPE|TRAP-TYPE|OBJECT-GROUP|NOTIFICATION-GROUP|MODULE-COMPLIANCE|AGENT-CAPABILITIES|::=\s*TEXTUAL-CONVENTION)\b/g;

/**
 * The entry whose DESCRIPTION string opens at `at` (the sentence's listing read from `from`): the name before
 * the last SMI macro before the string; undefined when the string is no DESCRIPTION or no entry opens it.
 */
export function describedEntry(text: string, from: number, at: number): string | undefined {
  if (!/\bDESCRIPTION\s+"$/.test(text.slice(from, at))) return undefined;
  // (an entry's clauses before its DESCRIPTION are few: its name is a short way back)
  let name: string | undefined;
  for (const m of text.slice(Math.max(0, at - 1500), at).matchAll(SMI_ENTRY)) name = m[1];
  return name;
}

/** The nearest heading line above an offset of a passage ("3.20.  Called-Station-Id" -> "Called-Station-Id"). */
export function headingBefore(text: string, offset: number): string | null {
  const lines = text.slice(0, offset).split('\n').reverse();
  for (const line of lines.slice(1)) {
    const m = /^\s*(?:\d+(?:\.\d+)*\.?\s+)?([A-Z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*(?:\s[A-Z][A-Za-z0-9]*(?:[-/][A-Za-z0-9]+)*){0,3})\s*$/.exec(line);
    if (m) return m[1];
  }
  return null;
}

/**
 * What the text above a sentence names as its subject: the lines it is indented under (an object's
 * first line over its DESCRIPTION, "error-status ... INTEGER {" over "genErr(5),", a section heading
 * over its paragraphs), nearest first, at most three.
 */
export function blockName(text: string, offset: number, sentence: string): string | null {
  // prose is about its section; a listing's line ("genErr(5),", a DESCRIPTION's text) about the lines above it
  const listing = /^\s*(?:[A-Z][A-Z-]+\s*$|[\w-]+\(\d+\),?\s*$|")/.test(sentence) || /^\s*DESCRIPTION\s*$/m.test(text.slice(Math.max(0, offset - 80), offset));
  if (!listing) return headingBefore(text, offset);
  const lines = text.slice(0, offset).split('\n');
  const own = lines.pop() ?? '';
  let min = /^[ \t]*/.exec(own)![0].length;
  const out: string[] = [];
  for (let i = lines.length - 1; i >= 0 && min > 0 && out.length < 3; i--) {
    const line = lines[i];
    if (!line.trim()) continue;
    const indent = /^[ \t]*/.exec(line)![0].length;
    if (indent < min) {
      min = indent;
      // a name or heading line, not prose (a chunk's first line loses its indentation)
      if (!/[.!?]["')\]]?\s*$/.test(line) && line.trim().split(/\s+/).length <= 12) out.push(line.trim());
    }
  }
  return out.length ? out.join(' ') : headingBefore(text, offset);
}

/**
 * Whether a word opening its line is a field's label with its value after it ('UNITS "packets"',
 * "SYNTAX Counter32", "Type: 68"): the value follows it, the label answers nothing.
 */
export function isFieldLabel(word: string, start: number, line: string): boolean {
  return start <= 1 && /^[A-Z][A-Z-]+$/.test(word) && /^\s*(?::\s*\S|"|\S+\s*$)/.test(line.slice(start + word.length));
}

/** A standard's header fields (its own identification, document/structure.ts) and the question words that ask for each. */
export const HEADER_FIELDS: { key: 'title' | 'category' | 'date' | 'edition' | 'updates' | 'obsoletes'; label: string; asks: RegExp }[] = [
  { key: 'obsoletes', label: 'Obsoletes', asks: /\b(?:obsolet\w*|replac\w*|supersed\w*)\b/i },
  { key: 'updates', label: 'Updates', asks: /\bupdat\w*\b/i },
  { key: 'category', label: 'Category', asks: /\b(?:category|status|track|maturity)\b/i },
  { key: 'title', label: 'Title', asks: /\b(?:title|titled)\b/i },
  { key: 'date', label: 'Date', asks: /\b(?:when|date|published|year)\b/i },
  { key: 'edition', label: 'Edition', asks: /\b(?:edition|version)\b/i },
];
