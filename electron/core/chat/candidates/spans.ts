// Typed spans of a sentence: the general patterns that read a short answer of the asked type out of
// text (ports with their transport, named constants with their number, values with units, ranges,
// dates, names, the clause a requirement or a condition opens, the body of a definition), the
// complement a sentence gives its subject, an acronym's expansion, noun phrases of the asked kind
// (WordNet), and the asked noun taken with the clause that restricts it. Each span says how specific
// the pattern that read it is to the asked type; how much that counts is fitted (chat/features.ts).
import type { AnswerType, QuestionType } from '../../retrieve/question';
import { contentStems, escapeRe, posTags } from '../../retrieve/text';
import { STOPWORDS } from '../../nlp/stopwords';
import { wordNet } from '../../nlp/wordnet';
import { isFieldLabel } from '../../document/layout';
import type { Specificity } from './types';
import { MONTH_NAME_ALTERNATION } from '../../nlp/months';
import { askedNoun, clip } from './context';
import { asksMagnitude, measureUnit, MEASURE, NUM, NUMBER_WORD, UNITS } from '../../retrieve/quantities';
export { asksMagnitude, measureUnit };

/** A date as prose writes it: a month's name, an optional day, a year ("March 3, 2009"). */
const DATE = new RegExp(String.raw`\b(?:${MONTH_NAME_ALTERNATION})\s+(?:\d{1,2},?\s+)?\d{4}\b`, 'g');

export interface Span {
  text: string;
  /** Offsets in the sentence (-1: not in it, e.g. a heading above it). */
  start: number;
  end: number;
  /** How specific the pattern that read it is to the asked type. */
  level: Specificity;
  /** The body of a glossary entry for the asked term. */
  glossary?: boolean;
  /** A definition read before "is called <term>": the term it names. */
  named?: string;
  /**
   * What the sentence says the asked subject is or must be ("the <subject> MUST be [a value]"), or the
   * name it gives what it describes ("... is called [a name]"): labelled by the sentence.
   */
  complement?: boolean;
  /** A value read whole beside the number it holds, which stays a candidate too ("{ widgets 4 }" and "4", "<= 65" and "65"). */
  beside?: boolean;
  /** Read inside quotation marks: a value as the text spells it, whatever its shape. */
  quoted?: boolean;
}

export const LEVEL: Record<Specificity, number> = { loose: 0, typed: 1, specific: 2 };

export const UNIT_HEADS = new Set(['unit', 'units']);
/** The verb of a naming sentence: "X is called / is known as / are termed Y". */
const NAMING = String.raw`(?:is|are)\s+(?:called|known as|termed|referred to as|named)`;
/** The name a naming sentence gives: "... is called [a SNMP access policy]". */
const NAMED_SPAN = new RegExp(String.raw`\b${NAMING}\s+(?:an?\s+|the\s+)?["']?([A-Za-z][\w-]*(?:\s+[\w-]+){0,4}?)["']?(?=\s*[.,;:()]|$)`, 'g');
/** "<definition> is called <term>": the definition, then the term. */
const NAMING_DEFINITION = new RegExp(String.raw`^(.{12,}?)\s+${NAMING}\s+(.+)$`, 'i');
/** A defining verb that is a naming one ("is called ..."). */
const NAMING_VERB_FIRST = new RegExp(String.raw`^${NAMING}\b`, 'i');
/** A unit word alone ("octets", "seconds", "%"): what a quantity counts. */
export const UNIT_WORD = new RegExp(String.raw`^${UNITS}$`, 'i');
const RANGE = new RegExp(String.raw`\b(?:between\s+${NUM}\s+and|(?:from\s+)?${NUM}\s+(?:to|through))\s+${NUM}\b`, 'gi');
/** An object identifier's value as a parent's name (its number in brackets or not) and an arc: "{ widgets 4 }", "{ iso(1) org(3) 6 }". */
const BRACED_ARCS = /\{\s*[A-Za-z][\w-]*(?:\s*\(\d+\))?(?:\s+[A-Za-z][\w-]*(?:\s*\(\d+\))?)*\s+\d+\s*\}/g;
/** A bracketed tag a type assignment gives ("::= [3]", "::= [APPLICATION 4]", "[2] IMPLICIT"). */
const ASSIGNED_TAG = /(?<=::=\s*)\[(?:[A-Z]+\s+)?\d+\]|\[(?:[A-Z]+\s+)?\d+\](?=\s*(?:IMPLICIT|EXPLICIT)\b)/g;
/** A number (with its unit) and the open end of its range: "4 and above", "16 octets or more", "255 or less". */
const OPEN_BOUND = new RegExp(
  String.raw`\b${NUM}(?:[\s-]+${UNITS})?\s+(?:and|or)\s+(?:above|more|greater|higher|larger|less|fewer|below|lower|smaller)\b`,
  'gi',
);
/** How many words a quoted string may have to be read as a value. */
const QUOTED_WORDS = 5;
/** A quoted string (at most 60 characters, on one line). */
const QUOTED = /"([^"\n]{1,60})"/g;

/** Quoted strings as spans without their quotes (a closing stop inside the quotes dropped: '"Widget Group."'). */
function quotedSpans(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(QUOTED)) {
    const inner = m[1].trim().replace(/[.,;:]$/, '');
    // (a value of a few words: a longer quotation is a description, not a value)
    if (!/[\p{L}\p{N}]/u.test(inner) || inner.split(/\s+/).length > QUOTED_WORDS) continue;
    const start = m.index! + 1 + m[1].indexOf(inner);
    out.push({ text: inner, start, end: start + inner.length, level: 'loose', quoted: true });
  }
  return out;
}
const WORDX = String.raw`[A-Za-z0-9]*(?:[-_/.][A-Za-z0-9]+)*`;
/** A technical identifier: hyphenated or camel-case words ("Widget-Serial-Number", "retryPeriod"). */
const NUMBER_WORDS = new RegExp(String.raw`\b${NUMBER_WORD}\b`, 'gi');
export const NUMBER_WORDS_ALONE = new RegExp(String.raw`^${NUMBER_WORD}$`, 'i');
/**
 * A value stated in words, the number word captured: after "value (of)" ("a value of zero is sent"), or after "set
 * to" or a form of "be" where it ends its clause or a condition follows ("is set to three if ...", "the count was eleven.");
 * not a number of something ("one of", "one or more", "zero-length", "two octets").
 */
const STATED_WORD = new RegExp(
  String.raw`\bvalue\s+(?:of\s+)?(zero|${NUMBER_WORD})\b(?!\s*(?:[-(]|(?:of|or|${UNITS})\b))|(?:\bset\s+to\s+|\b(?:is|are|be|was|were|equals?)\s+)(zero|${NUMBER_WORD})(?=\s*(?:[.,;:)"'\]]|$)|\s+(?:if|when|unless|until|otherwise|for|in|by)\b)`,
  'gi',
);
const IDENTIFIER = /\b[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+\b|\b[a-z]+[A-Z][A-Za-z0-9]*\b/;

/** A dotted sequence of four numbers or more, read whole: an object identifier, an address ("1.3.6.1.4.1.9"). */
const DOTTED_NUMBERS = /\b\d+(?:\.\d+){3,}\b/g;
export const WHOLE_IDENTIFIER = new RegExp(`^(?:${IDENTIFIER.source})$`);
// words of a name are joined by one space: a wider gap is a column break of a plain-text layout
const NAME_TERM = String.raw`[A-Z]${WORDX}(?: [A-Z]${WORDX})*|[a-z]+[A-Z]${WORDX}|[a-z][a-z0-9]*(?:[-_/][A-Za-z0-9]+)+`;

function pushAll(out: Span[], re: RegExp, text: string, level: Specificity, group = 0, beside = false): void {
  for (const m of text.matchAll(re)) {
    const s = m[group];
    if (!s) continue;
    const start = m.index! + m[0].indexOf(s);
    out.push({ text: s.trim(), start, end: start + s.trim().length, level, ...(beside ? { beside } : {}) });
  }
}

/** Typed spans of one sentence for the asked type (general patterns: numbers, units, names, clauses). */
export function typedSpans(sentence: string, type: AnswerType, head: string | null = null): Span[] {
  const out: Span[] = [];
  const text = sentence;
  switch (type) {
    case 'port':
      pushAll(out, /\b\d{1,5}\/(?:tcp|udp|sctp|dccp)\b/gi, text, 'specific');
      pushAll(out, /\bports?\s+(?:number\s+)?(\d{1,5})\b/gi, text, 'specific', 1);
      pushAll(out, /\b(\d{1,5})\s+port\b/gi, text, 'typed', 1);
      pushAll(out, new RegExp(String.raw`\b\d{2,5}\b`, 'g'), text, 'loose');
      break;
    case 'number':
    case 'code':
    case 'value': {
      // a named constant with its number: "VLAN (13)", "reset(2)", "zero (0)", "Proxy-Stop (6)"
      // ("four (4)" is a number written twice, no named constant: as sure as a bracketed number)
      pushAll(out, new RegExp(String.raw`\b(?!${NUMBER_WORD}\s?\()[A-Za-z][A-Za-z0-9-]*\s?\(${NUM}\)`, 'gi'), text, 'specific');
      pushAll(out, new RegExp(String.raw`\b${NUMBER_WORD}\s?\(${NUM}\)`, 'gi'), text, 'typed');
      // a named constant of several words, as an enumeration writes it: "Fibre Link - Type B (7)", "Short Haul (8)"
      // (words one space apart: a wider gap is a column break)
      pushAll(
        out,
        new RegExp(String.raw`\b(?!(?:A|An|The|This|That|These|Those)\b)[A-Z][\w.-]*(?: (?:- )?(?:[A-Z][\w.-]*|\d[\w.]*)){1,4} ?\(${NUM}\)`, 'g'),
        text,
        'specific',
      );
      pushAll(out, new RegExp(String.raw`\b(?:octets?|bytes?|bits?)\s+\d+\s*(?:-|to|through)\s*\d+\b`, 'gi'), text, 'specific');
      pushAll(out, new RegExp(String.raw`\(${NUM}\)`, 'gi'), text, 'typed');
      pushAll(out, new RegExp(String.raw`\b${NUM}\s*(?:-|to|through)\s*${NUM}\s+${UNITS}\b`, 'gi'), text, 'specific');
      // a size with its unit is a value, hardly a code ("4 octets" is a length, not a type number); the
      // unit may be hyphenated to it ("a 48-octet key"), a percent sign glued ("6%"), the count in words ("sixteen octets")
      pushAll(out, new RegExp(MEASURE.source, 'gi'), text, type === 'value' ? 'specific' : type === 'code' ? 'loose' : 'typed');
      // "= 13", "value of 19", "19 for X", a bare number
      // for a code, no number with a unit after it (the "4" of "is 4 octets" is a size)
      const unitless = type === 'code' ? String.raw`(?!(?:\s+|-)${UNITS}\b)` : '';
      // "= 13" (not ">= 3", a bound), "value of 19", "set to 2", "is 4"
      pushAll(
        out,
        new RegExp(String.raw`(?:(?<![<>!=])=|\bvalue\s+(?:of\s+)?|\bset\s+to\s+(?:(?:decimal|hexadecimal|hex)\s+)?|\bis\s+)\s*(${NUM})\b${unitless}`, 'gi'),
        text,
        'specific',
        1,
      );
      // a value stated in words ("the count was eleven", "a value of zero is sent", "is set to three"), ending its clause or before a
      // condition: the number word alone (not "is one of", "are two octets", "is zero-length")
      if (type === 'value') {
        pushAll(out, STATED_WORD, text, 'specific', 1);
        pushAll(out, STATED_WORD, text, 'specific', 2);
      }
      // "68 for Widget-Tunnel-Link", "68 (0x44) for Widget-Tunnel-Link": a number assigned to a named thing (its other base between)
      pushAll(out, new RegExp(String.raw`\b(${NUM})(?:\s*\(${NUM}\))?\s+for\s+(?=[A-Z][A-Za-z0-9]*-)`, 'gi'), text, 'specific', 1);
      // a bound written with a comparison sign ("<= 65", ">= 4"): the value with its sign
      pushAll(out, new RegExp(String.raw`(?:<=|>=|[<>\u2264\u2265])\s*${NUM}\b`, 'g'), text, 'typed', 0, true);
      pushAll(out, new RegExp(String.raw`\b${NUM}\b${unitless}`, 'gi'), text, 'loose');
      // a negative number ("the special priority -1"): a minus sign after a space or a bracket, not a range's hyphen
      pushAll(out, new RegExp(String.raw`(?<=^|[\s(=])-\d+(?:\.\d+)?\b${unitless}`, 'g'), text, 'loose');
      // an object identifier or an address is one value, not its numbers one by one
      pushAll(out, DOTTED_NUMBERS, text, 'typed');
      // an object identifier written as its parent's name and its arc ("::= { widgets 4 }"): one value
      pushAll(out, BRACED_ARCS, text, 'typed', 0, true);
      // the tag a type assignment gives its type ("Widget-PDU ::= [3] IMPLICIT ..."): the bracketed tag whole
      pushAll(out, ASSIGNED_TAG, text, 'typed', 0, true);
      // a bound with its number ("4 and above", "16 octets or more"): the value and the end of the range it is
      pushAll(out, OPEN_BOUND, text, 'typed', 0, true);
      // "thirteen scalars": a count written in words
      if (type === 'number') pushAll(out, NUMBER_WORDS, text, 'loose');
      // a range: "a value between 1 and 4094", "from 0x01 to 0x1F"
      if (head === 'range') for (const sp of out) if (!/\d\s*(?:-|to|through|and)\s*\d/.test(sp.text)) sp.level = 'loose';
      pushAll(out, RANGE, text, head === 'range' ? 'specific' : 'typed');
      // "which version": a version as protocols write it ("SNMPv3", "IKEv2", "TLS 1.2", "HTTP/1.1", "version 2")
      if (head === 'version') {
        pushAll(out, /\b[A-Za-z]{2,}v\d+[a-z]?\b/g, text, 'specific');
        pushAll(out, /\b[A-Z][A-Za-z]+(?:\s|\/)\d+(?:\.\d+)+\b/g, text, 'specific');
        pushAll(out, /\bversion\s+\d+(?:\.\d+)*\b/gi, text, 'specific');
      }
      // a value may be a named one: "the Call-Serial-Number SHOULD be used", "set to RADIUS-Request"
      if (type === 'value') pushAll(out, new RegExp(IDENTIFIER.source, 'g'), text, 'loose');
      // or a constant written in capitals ("the ASN.1 value NULL"), not a requirement keyword
      if (type === 'value') pushAll(out, /\b(?!(?:MUST|SHOULD|SHALL|MAY|NOT|REQUIRED|RECOMMENDED|OPTIONAL)\b)[A-Z][A-Z0-9_]{2,}\b/g, text, 'loose');
      // or a quoted string ('ORGANIZATION "Widget Group"', 'a value of "none"'), read without its quotes
      if (type === 'value') for (const sp of quotedSpans(text)) out.push(sp);
      // "in what unit": the unit itself, "(in hundredths of a second)", "UNITS \"packets\""
      if (head && UNIT_HEADS.has(head)) {
        pushAll(
          out,
          new RegExp(String.raw`\b(?:tenths|hundredths|thousandths|millionths|billionths|multiples|units)\s+of\s+(?:an?\s+)?${UNITS}\b`, 'gi'),
          text,
          'specific',
        );
        pushAll(out, new RegExp(String.raw`\b(?:in|as|of)\s+(${UNITS})\b`, 'gi'), text, 'typed', 1);
        pushAll(out, /\bUNITS\s+"([^"]+)"/g, text, 'specific', 1);
      }
      break;
    }
    case 'date':
      pushAll(out, DATE, text, 'specific');
      pushAll(out, /\b(?:1[5-9]|20)\d{2}\b/g, text, 'typed');
      break;
    case 'condition':
      // "... MUST NOT decide that X until [all connections have been marked DOWN]", "[If the key expires], the peer
      // ...": the clause a subordinating conjunction opens, up to the clause's end
      pushAll(
        out,
        /\b(?:only\s+)?(?:when|whenever|if|unless|until|once|after|before|as soon as|upon|while|provided that)\s+([^,;:.()]{3,}?)(?=\s*(?:[,;:.()]|$))/gi,
        text,
        'specific',
        1,
      );
      pushAll(out, DATE, text, 'loose');
      break;
    case 'name':
    case 'list':
    case 'other':
      pushAll(out, new RegExp(String.raw`"([^"]{2,60})"`, 'g'), text, 'typed', 1);
      for (const m of text.matchAll(new RegExp(String.raw`\b(?:${NAME_TERM})\b`, 'g'))) {
        // "The Status-Server" -> "Status-Server": capitalised stopwords and RFC 2119 keywords are not part of a name
        let start = m.index!;
        const words = m[0].split(/(\s+)/);
        const kept: string[] = [];
        for (let k = 0; k < words.length; k += 2) {
          const w = words[k];
          const junk = STOPWORDS.has(w.toLowerCase()) || KEYWORDS.has(w);
          if (junk && !kept.length) {
            start += w.length + (words[k + 1]?.length ?? 0);
            continue;
          }
          if (junk) break;
          kept.push(w);
        }
        const name = kept.join(' ');
        if (name) out.push({ text: name, start, end: start + name.length, level: 'typed' });
      }
      pushAll(out, /\bRFC[\s-]?\d{3,5}\b/g, text, 'specific');
      // a name of capitalised words joined by small words ("Bill of Materials")
      pushAll(out, /\b[A-Z][a-z]+(?: (?:of|for|and|the|to|in|on) [A-Z][a-z]+)+\b/g, text, 'typed');
      // "... is called a <name>": what a definition names (asked "what name is given to ...")
      pushAll(out, NAMED_SPAN, text, 'specific', 1);
      break;
    case 'action': {
      // what a requirement asks: the clause after MUST / SHOULD / MAY (NOT)
      const m = /\b(MUST|SHOULD|SHALL|MAY|REQUIRED|RECOMMENDED)(\s+NOT)?\b\s*(.+)$/.exec(text);
      if (m) {
        const start = m.index + m[0].length - m[3].length;
        out.push({ text: clip(m[3]), start, end: start + clip(m[3]).length, level: 'specific' });
      } else {
        const w = /\b(?:must|should|shall|may|needs? to|is required to)\b(\s+not)?\s*(.+)$/i.exec(text);
        if (w) {
          const start = w.index + w[0].length - w[2].length;
          out.push({ text: clip(w[2]), start, end: start + clip(w[2]).length, level: 'typed' });
        }
      }
      break;
    }
    case 'definition': {
      // "<definition> is called / is known as <term>": the definition is what comes before
      const named = NAMING_DEFINITION.exec(text);
      if (named) {
        const body = clip(named[1].replace(/^(?:Together|Thus|Hence|In short|In summary),\s*/i, ''));
        const start = text.indexOf(body);
        out.push({ text: body, start, end: start + body.length, level: 'specific', named: named[2].replace(/[.;:,]\s*$/, '') });
      }
      // "X is/are/means/refers to ..." or a definition-list body
      // (not the "is" of "is called": that sentence defines the name after it, read above)
      const m = DEFINITION_BODY.exec(text);
      if (m && !(named && NAMING_VERB_FIRST.test(m[0]))) {
        const start = m.index + m[0].length - m[1].length;
        out.push({ text: clip(m[1]), start, end: start + clip(m[1]).length, level: 'specific' });
      }
      out.push({ text: clip(text), start: 0, end: clip(text).length, level: 'loose' });
      break;
    }
  }
  // a number as a name, a name inside a number span...: drop exact repeats, keep the most specific
  const best = new Map<string, Span>();
  for (const s of out) {
    const k = `${s.start}:${s.text.toLowerCase()}`;
    if (!best.has(k) || LEVEL[best.get(k)!.level] < LEVEL[s.level]) best.set(k, s);
  }
  // spans inside a longer span of equal or more specific level are the same answer (not the number a shape read whole beside it holds)
  const list = [...best.values()];
  return list.filter(
    (s) =>
      !list.some((o) => o !== s && !o.beside && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start && LEVEL[o.level] >= LEVEL[s.level]),
  );
}

/**
 * What a sentence says its subject is or must be: "the session label MUST be the empty string" for the subject
 * "the session label" gives "the empty string" (up to six words, to the clause's end). The subject's words are matched as
 * written, hyphens or spaces between them.
 */
export function complementSpans(sentence: string, subject: string): Span[] {
  const words = subject
    .split(/[\s-]+/)
    .filter(Boolean)
    .filter((w, k) => !(k === 0 && /^(?:the|a|an|its|their|this|that)$/i.test(w)));
  if (!words.length) return [];
  const re = new RegExp(
    String.raw`\b${words.map(escapeRe).join(String.raw`[\s-]+`)}\s+(?:MUST|SHOULD|SHALL|must|should|shall|is|are)\s+(?:(?:NOT|not)\s+)?(?:be\s+)?(?:set\s+to\s+)?((?:[\w"'/-]+\s+){0,5}?[\w"'/-]+)(?=\s*(?:[,;:.()]|$))`,
    'gi',
  );
  const out: Span[] = [];
  for (const m of sentence.matchAll(re)) {
    const start = m.index + m[0].length - m[1].length;
    out.push({ text: m[1], start, end: start + m[1].length, level: 'specific', complement: true });
  }
  return out;
}

/** Text that ends where a naming sentence gives its name: "... is known as (the) ", "... are called ". */
export const NAMED_BEFORE = new RegExp(String.raw`\b${NAMING}\s+(?:an?\s+|the\s+)?["']?$`, 'i');

/** The verbs that open a definition or description: "X is ...", "X means ...", "This attribute indicates ...". */
export const DEFINING_VERB =
  /\b(?:is defined as|is synonymous with|(?:is|are|can be|may be) used (?:to|for)|refers to|acts as|is|are|means|denotes|describes?|carries|contains|indicates|represents|specifies|signifies|implies)\b/i;
/** What a defining verb says, up to the sentence's end. */
const DEFINITION_BODY = new RegExp(String.raw`${DEFINING_VERB.source}\s+(.+)$`, 'i');

/** Where a text introduces an acronym: the nlp floor's reader (nlp/acronyms.ts). */
export { expansions } from '../../nlp/acronyms';

/** RFC 2119 keywords, sentence-initial common words, single letters: not names. */
const MONTH = new RegExp(`^(?:${MONTH_NAME_ALTERNATION})$`);
export const KEYWORDS = new Set(['MUST', 'SHOULD', 'SHALL', 'MAY', 'NOT', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL']);
export function isNoise(text: string, start: number, sentence: string): boolean {
  if (KEYWORDS.has(text) || text.length < 2) return true;
  // "Section 3.4", "Figure 2": references to the document's own parts
  if (/^(?:Section|Sections|Appendix|Figure|Table|Page|Chapter)$/.test(text) || MONTH.test(text)) return true;
  const lower = text.toLowerCase();
  if (STOPWORDS.has(lower)) return true;
  // a lone capitalised word opening the sentence is usually a common word ("Since", "For", "These")
  if (start <= 1 && /^[A-Z][a-z]+$/.test(text) && !new RegExp(String.raw`\b${text}\b`).test(sentence.slice(text.length))) return true;
  // a field's label opening its line ('UNITS "packets"', "SYNTAX Counter32", "Type: 68"): the value follows it
  if (isFieldLabel(text, start, sentence)) return true;
  return false;
}

/**
 * Spans restating the asked noun ("RADIUS Accounting-Request packets": mostly the question's words, ending in its
 * head) taken with the modifier after them: a participle clause ("received from unknown addresses") or a relative
 * clause ("that are not recorded"), up to the clause's end.
 */
export function restrictedSpans(text: string, spans: Span[], head: Set<string>, question: Set<string>): Span[] {
  const out: Span[] = [];
  for (const sp of spans) {
    const own = contentStems(sp.text);
    if (!own.length || !head.has(own[own.length - 1]) || own.filter((x) => question.has(x)).length * 2 < own.length + 1) continue;
    const m = /^\s+((?:that|which|who)\s+[^,;:.()]{3,80}|(?:[a-z]+ed|[a-z]+ing)\s+[^,;:.()]{3,80})/.exec(text.slice(sp.end));
    if (!m || /^(?:is|are|was|were|has|have|must|should|may|can|will|shall)\b/i.test(m[1])) continue;
    const end = sp.end + m[0].length;
    out.push({ text: text.slice(sp.start, end).trim(), start: sp.start, end, level: 'specific' });
  }
  return out;
}

// ---------------------------------------------------------------- noun phrases of the asked kind

/** What "who" asks for: people, organisations and the devices and programs that act (WordNet's "causal agent"). */
const AGENT_KINDS = ['causal agent', 'person', 'organization', 'device', 'machine'];

/**
 * The kinds a name question asks for, as WordNet noun lemmas: the asked noun ("which other device": device;
 * "which packet type": packet), or agents for "who". Null when there is no such noun or no WordNet.
 */
export function askedKinds(type: QuestionType): string[] | null {
  const wn = wordNet();
  if (!wn) return null;
  if (type.wh === 'who' || type.wh === 'whom') return AGENT_KINDS;
  const noun = askedNoun(type)?.[0];
  const lemma = noun ? wn.baseForms(noun, 'n')[0] : undefined;
  return lemma ? [lemma] : null;
}

/** WordNet noun lemmas a noun is a kind of (its senses' hypernyms, a few levels up), cached per word. */
const kindCache = new Map<string, Set<string>>();
function kindsOf(noun: string): Set<string> {
  let got = kindCache.get(noun);
  if (!got) {
    const wn = wordNet();
    const lemma = wn?.baseForms(noun, 'n')[0];
    got = new Set(lemma && wn ? [lemma, ...wn.hypernyms(lemma, { pos: ['n'], depth: 8, maxSenses: 3 })] : []);
    if (kindCache.size > 5000) kindCache.clear();
    kindCache.set(noun, got);
  }
  return got;
}

const PHRASE_POS = new Set(['NOUN', 'PROPN', 'ADJ']);

/**
 * Noun phrases of a sentence (runs of adjectives and nouns ending in a noun, hyphen- or slash-joined
 * parts kept: "the backend authentication server", "RADIUS client") whose head noun is one of the asked
 * kinds, as spans that no other span already covers.
 */
export function typedNounPhrases(sentence: string, kinds: string[], taken: Span[] = []): Span[] {
  const tags = posTags(sentence);
  const out: Span[] = [];
  let cursor = 0;
  const toks = tags.map((t) => {
    const at = sentence.indexOf(t.text, cursor);
    const start = at < 0 ? cursor : at;
    cursor = start + t.text.length;
    return { ...t, start, end: start + t.text.length };
  });
  for (let i = 0; i < toks.length; i++) {
    if (!PHRASE_POS.has(toks[i].pos) || STOPWORDS.has(toks[i].lower)) continue;
    let j = i;
    while (
      j + 1 < toks.length &&
      j - i < 6 &&
      (PHRASE_POS.has(toks[j + 1].pos) || (/^[-/]$/.test(toks[j + 1].text) && toks[j + 1].start === toks[j].end && toks[j + 2]?.start === toks[j + 1].end))
    )
      j++;
    // a tagger's slip: a noun of the asked kind tagged as a verb, closing a noun run and taking no object
    // ("the destination transport address/VERB that ...")
    const after = toks[j + 1];
    if (
      after?.pos === 'VERB' &&
      toks[j].pos === 'NOUN' &&
      /^[a-z]+$/.test(after.lower) &&
      !['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ'].includes(toks[j + 2]?.pos ?? '') &&
      kinds.some((x) => kindsOf(after.lower).has(x))
    )
      toks[++j] = { ...after, pos: 'NOUN' };
    // the phrase ends in its head noun
    let k = j;
    while (k >= i && toks[k].pos !== 'NOUN' && toks[k].pos !== 'PROPN') k--;
    if (k >= i && /^[a-z]+$/.test(toks[k].lower) && toks[k].pos === 'NOUN') {
      const has = kindsOf(toks[k].lower);
      if (kinds.some((x) => has.has(x))) {
        const start = toks[i].start;
        const end = toks[k].end;
        if (!taken.some((x) => x.start === start && x.end === end)) out.push({ text: sentence.slice(start, end), start, end, level: 'typed' });
      }
    }
    i = j;
  }
  return out;
}
