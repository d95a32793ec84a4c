// Values with units, kept as literal objects attached to what they qualify: codes written after a
// name ("Acct-Terminate-Cause (49)", "Tunnel-Type=VLAN (13)"), port numbers ("(2083/tcp)"), lengths,
// times and limits ("X is at least 16 octets in length", "a 16-bit field"), and the numbered
// fields of a definition block ("Value\n\n   9" under the section that names the thing).
import { findQuantities } from '../classic/mentions';
import { isPronoun } from '../labels';
import { FUNCTION_WORDS, UNASSERTED_OPENERS } from '../../nlp/lexicon';
import { sectionAt } from '../../document/structure';
import { stativeVerb } from '../../nlp/senses';
import { isSkipped, type ChunkContext } from './context';
import { entity, flat, literal, phraseLabel, trimSpan, type Draft } from './make';
import { subjectBefore, validSubject } from './requirements';

/** The dimension a unit measures, for the relation name. */
function dimensionOf(unit: string): string {
  const u = unit.toLowerCase();
  if (/^(?:octets?|bytes?|bits?|kbits?|mbits?|[kmgtp]i?b)$/.test(u)) return 'length';
  if (/^(?:ms|µs|μs|ns|secs?|seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|years?)$/.test(u)) return 'duration';
  if (/bps$|b\/s$|bit\/s$/.test(u)) return 'rate';
  if (/hz$/.test(u)) return 'frequency';
  if (/^[kmg]?v$/.test(u)) return 'voltage';
  if (/^[kmgt]?w$|va$|var$/.test(u)) return 'power';
  if (/wh$/.test(u)) return 'energy';
  if (/^(?:%|percent|ppm)$/.test(u)) return 'ratio';
  return 'value';
}

const COMPARATOR =
  /(?:at\s+least|at\s+most|up\s+to|no\s+more\s+than|no\s+less\s+than|not\s+more\s+than|not\s+less\s+than|more\s+than|less\s+than|fewer\s+than|exactly|a\s+maximum\s+of|a\s+minimum\s+of|maximum\s+of|minimum\s+of|between)\s+$/i;
const COPULA =
  /\s(?:is|are|MUST\s+be|MUST\s+NOT\s+be|SHOULD\s+be|SHOULD\s+NOT\s+be|MAY\s+be|SHALL\s+be|SHALL\s+NOT\s+be|shall\s+be|must\s+be|should\s+be|can\s+be|be|of|to|is\s+set\s+to|are\s+set\s+to|defaults\s+to|set\s+to)\s+$/;

/** Heads too general to carry a value ("a quantity of 64 octets", "loss of 3.9 percent"). */
const GENERIC = /^(?:quantity|value|number|amount|size|length|total|loss|gain|result|part|use|increase|decrease|maximum|minimum)$/i;

/** Words that end a noun phrase: verbs, auxiliaries, prepositions, conjunctions. */
const NOT_NOUN =
  /^(?:is|are|was|were|be|been|will|would|can|could|may|might|must|shall|should|has|have|had|does|do|did|not|and|or|in|on|to|for|with|by|at|from|of|that|which|a|an|the|result|results|provide|provides|use|uses|indicates|represents|includes|contains|requires)$/i;

/** The trailing words of a phrase that can be a noun phrase ("result in loss" -> "loss"). */
function nounRun(phrase: string): string {
  const words = phrase.split(/\s+/);
  let i = words.length;
  while (i > 0 && !NOT_NOUN.test(words[i - 1])) i--;
  return words.slice(i).join(' ');
}

/** The leading words of a phrase that can be a noun phrase ("Call-Serial-Number is not" -> "Call-Serial-Number"). */
function leadingNounRun(phrase: string): string {
  const words = phrase.split(/\s+/);
  let i = 0;
  while (i < words.length && !NOT_NOUN.test(words[i]) && !FUNCTION_WORDS.has(words[i].toLowerCase())) i++;
  return words.slice(0, i).join(' ');
}

/** Name tokens: capitalised or hyphenated words, numbers inside ("IEEE 802.11", "Port Reinitialized"). */
const CODE = /((?:[A-Z][\w./-]*[ ]){0,4}[A-Z][\w./-]*)(?:=([\w./-]+))?[ ]\((\d{1,5}|0x[0-9A-Fa-f]{1,8})\)/g;

/**
 * A value inside a clause that asserts nothing: after a condition, circumstance or open question opener
 * ("if", "when", "whether", ...) with no clause break (comma, semicolon, colon, "then") between them
 * ("If the Length field is 16 octets, ..."). The value is what the condition tests, not a fact of the field.
 */
function inUnassertedClause(before: string): boolean {
  const words = [...before.matchAll(/[\p{L}]+|[,;:]/gu)].map((m) => m[0].toLowerCase());
  for (let k = words.length - 1; k >= 0; k--) {
    const w = words[k];
    if (w === ',' || w === ';' || w === ':' || w === 'then') return false;
    if (UNASSERTED_OPENERS.has(w)) return true;
  }
  return false;
}

/**
 * A condition that follows the value in its clause ("X is 20 octets long when it carries no attributes"): the value
 * holds only under it, and the triple carries it (meta.condition, as a sentence triple's "Y if X" does).
 */
function trailingCondition(after: string): string | null {
  const words = [...after.matchAll(/[\p{L}]+|[,;:]/gu)];
  for (const w of words) {
    const x = w[0].toLowerCase();
    if (x === ',' || x === ';' || x === ':') return null;
    if (UNASSERTED_OPENERS.has(x))
      return after
        .slice(w.index)
        .replace(/\s+/g, ' ')
        .replace(/[.\s]+$/, '')
        .trim();
  }
  return null;
}

/** A run of hex bytes ("0x1A 0x2B", "1a 2b 3c 4d"): a dump or a figure, whose lengths belong to no field. */
const HEX_RUN = /(?:\b(?:0x)?[0-9a-f]{2}\b[ \t]+){3,}(?:0x)?[0-9a-f]{2}\b/i;

/** A name: a word with a capital after its first letter, a hyphen or a digit, or a capitalised word not opening the text. */
const NAME_WORD = /^(?:\p{L}+[\p{Lu}\p{N}-][\p{L}\p{N}-]*|\p{Lu}[\p{L}\p{N}-]*)$/u;

/**
 * After a "Name (N)": more names with a number each, coordinated, then the noun "field(s)" — the
 * numbers give the fields' sizes in a format's layout, not codes.
 */
const FIELD_SIZE_AFTER =
  /^(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)\p{L}[\p{L}\p{N}-]*(?:\s+\p{L}[\p{L}\p{N}-]*){0,3}\s*\(\s*\d{1,5}\s*\))*\s+fields?\b/iu;

export function values(ctx: ChunkContext): Draft[] {
  const { text } = ctx.doc;
  const out: Draft[] = [];
  for (const s of ctx.sentences) {
    if (isSkipped(ctx, s)) continue;
    const sentence = text.slice(s.start, s.end);
    // (a hex dump in the sentence: its numbers are bytes of an example, not values of a field)
    const dump = HEX_RUN.test(sentence);

    // codes: "Name (N)", "Attribute=Value (N)" (in a standard only: elsewhere "(3)" is an equation or a list item)
    for (const m of ctx.doc.self ? sentence.matchAll(CODE) : []) {
      const code = m[3];
      if (/^(?:19|20)\d\d$/.test(code)) continue; // a year
      // value.field-size: "the Version (1), Type (1) and Length (2) fields": the number is the field's size
      if (FIELD_SIZE_AFTER.test(sentence.slice(m.index! + m[0].length))) continue;
      const nameAt = s.start + m.index!;
      const name = flat(m[1]);
      if (
        /^(?:Section|Figure|Fig|Table|Page|Step|Appendix|Annex|Clause|Equation|Eq|Eqs|Formula|Theorem|Lemma|Chapter|Example|Line|Algorithm|RFC|Note|See|The|A|An|In|If|When|For|This)$/.test(
          name.split(' ')[0],
        ) &&
        name.split(' ').length === 1
      )
        continue;
      const words = name.split(' ');
      // drop leading sentence-initial words that are not part of the name ("A Lost Carrier (2)")
      let lead = 0;
      while (lead < words.length - 1 && /^(?:A|An|The|In|If|When|For|This|These|That|Each|Every)$/.test(words[lead])) lead++;
      const kept = words.slice(lead).join(' ');
      const keptAt = nameAt + m[1].indexOf(words[lead]);
      if (!/[A-Za-z]{2}/.test(kept)) continue;
      const span = { start: keptAt, end: keptAt + kept.length };
      if (m[2]) {
        const attr = kept;
        const value = `${m[2]} (${code})`;
        const vAt = nameAt + m[0].indexOf(`=${m[2]}`) + 1;
        out.push({
          pattern: 'value.code',
          head: entity(attr, span),
          relation: 'has value',
          tail: literal(value, { start: vAt, end: s.start + m.index! + m[0].length }, 'code'),
          evidence: s,
          meta: { value: m[2], code },
        });
      } else {
        out.push({
          pattern: 'value.code',
          head: entity(kept, span),
          relation: 'has code',
          tail: literal(code, { start: s.start + m.index! + m[0].length - code.length - 1, end: s.start + m.index! + m[0].length - 1 }, 'code'),
          evidence: s,
          meta: { code },
        });
      }
    }

    // ports: "the "radsec" port (2083/tcp)", "port 1812/udp"
    for (const m of sentence.matchAll(/\(?\b(\d{1,5})\/(tcp|udp|sctp|dccp)\b\)?/gi)) {
      const at = s.start + m.index!;
      const before = text.slice(s.start, at);
      const np = /((?:["“][^"”]{1,30}["”]|[\p{L}\p{N}/-]+)(?:\s+[\p{L}\p{N}/-]+){0,3}?)\s+ports?\s*$/u.exec(before);
      if (!np) continue;
      const label = phraseLabel(`${np[1]} port`);
      if (!label || isPronoun(label) || /^(?:default|a|the|this|same|new)\s+port$/i.test(label)) continue;
      const headAt = s.start + np.index;
      out.push({
        pattern: 'value.port',
        head: entity(label, trimSpan(text, headAt, at)),
        relation: 'has port number',
        tail: literal(
          `${m[1]}/${m[2].toLowerCase()}`,
          { start: at + m[0].indexOf(m[1]), end: at + m[0].indexOf(m[1]) + m[1].length + 1 + m[2].length },
          'port',
        ),
        evidence: s,
        meta: { value: Number(m[1]), unit: m[2].toLowerCase() },
      });
    }

    // quantities: "<subject> is at least N octets (in length)", "a 16-bit Foo-Number"
    for (const q of dump ? [] : findQuantities(text, s.start, s.end)) {
      const before = text.slice(s.start, q.start);
      if (inUnassertedClause(before)) continue;
      const cmp = COMPARATOR.exec(before);
      const beforeCmp = cmp ? before.slice(0, cmp.index) : before;
      const cop = COPULA.exec(` ${beforeCmp}`);
      if (!cop) continue;
      const verbAt = s.start + Math.max(0, beforeCmp.length - cop[0].length + 1);
      // "X of 30 seconds": the noun right before "of"
      let head: { label: string; span: { start: number; end: number } } | null = null;
      if (/^\s?of\s+$/.test(cop[0])) {
        const n = /([\p{L}][\p{L}\p{N}-]*(?:\s+[\p{L}][\p{L}\p{N}-]*){0,2})\s+of\s+$/u.exec(beforeCmp);
        const run = n ? nounRun(n[1]) : '';
        if (n && run) {
          const at = s.start + n.index + n[1].length - run.length;
          head = { label: phraseLabel(run), span: trimSpan(text, at, at + run.length) };
        }
      } else {
        const subj = subjectBefore(text, s, verbAt);
        const label = subj ? phraseLabel(text.slice(subj.start, subj.end)) : '';
        if (subj && validSubject(label)) head = { label, span: subj };
      }
      if (
        !head ||
        !head.label ||
        GENERIC.test(head.label) ||
        isPronoun(head.label) ||
        head.label.split(/\s+/).length > 8 ||
        /^(?:is|are|be|of|to|than|and|or)\b/i.test(head.label)
      )
        continue;
      const unit = /[\p{L}%µμ/]+$/u.exec(q.label)?.[0] ?? '';
      const number = q.label.slice(0, q.label.length - unit.length).trim();
      const after = text.slice(q.end, s.end);
      const dim = dimensionOf(unit);
      const qualifier = cmp ? flat(cmp[0]).toLowerCase() : '';
      const valueText = flat(`${qualifier} ${q.label}`);
      const valueStart = cmp ? s.start + cmp.index + (cmp[0].length - cmp[0].trimStart().length) : q.start;
      const inLength = /^\s+(?:in\s+(?:length|size)|long)\b/.test(after);
      const condition = trailingCondition(after);
      out.push({
        pattern: 'value.quantity',
        head: entity(head.label, head.span),
        relation: `has ${dim === 'value' && inLength ? 'length' : dim}`,
        tail: literal(valueText, { start: valueStart, end: q.end }, 'quantity'),
        evidence: s,
        meta: { value: Number(number.replace(/,/g, '')), unit, ...(qualifier ? { qualifier } : {}), ...(condition ? { condition } : {}) },
      });
    }
    // "a 16-bit field", "the 32-bit Call-Serial-Number"
    for (const m of dump
      ? []
      : sentence.matchAll(/\b(?:a|an|the|is\s+a|is\s+an)\s+(\d{1,5})-(bit|octet|byte)\s+((?:[\p{L}][\p{L}\p{N}-]*\s+){0,2}[\p{L}][\p{L}\p{N}-]*)/gu)) {
      const at = s.start + m.index!;
      const isA = /^is\s/.test(m[0]);
      if (inUnassertedClause(sentence.slice(0, m.index!))) continue;
      let headLabel: string;
      let headSpan: { start: number; end: number };
      if (isA) {
        const subj = subjectBefore(text, s, at);
        if (!subj) continue;
        headLabel = phraseLabel(text.slice(subj.start, subj.end));
        headSpan = subj;
        if (!validSubject(headLabel)) continue;
      } else {
        const nounAt = at + m[0].length - m[3].length;
        const lead = leadingNounRun(m[3]);
        // (a length given to a common noun that an act takes, "computes a 16-octet hash", is said of what a step of
        // a procedure makes, not of a field of the standard: a name carries it, and so does a common noun after a
        // preposition or a verb of state, "kept in a 12-bit slot", "holds a 2-octet counter")
        const verbBefore = /([\p{L}]+)\s*$/u.exec(sentence.slice(0, m.index!))?.[1] ?? '';
        const act = Boolean(verbBefore) && !FUNCTION_WORDS.has(verbBefore.toLowerCase()) && stativeVerb(verbBefore) === false;
        if (!lead || (act && !lead.split(/\s+/).some((w) => NAME_WORD.test(w)))) continue;
        headLabel = phraseLabel(lead);
        headSpan = { start: nounAt, end: nounAt + lead.length };
      }
      if (!headLabel || isPronoun(headLabel) || headLabel.split(/\s+/).length > 8) continue;
      const numAt = at + m[0].indexOf(m[1]);
      out.push({
        pattern: 'value.quantity',
        head: entity(headLabel, headSpan),
        relation: 'has length',
        tail: literal(`${m[1]} ${m[2]}s`, { start: numAt, end: numAt + m[1].length + 1 + m[2].length }, 'quantity'),
        evidence: s,
        meta: { value: Number(m[1]), unit: `${m[2]}s` },
      });
    }
  }

  // a field block under a heading that names the thing: "Value\n\n   9" / "Type\n   26"
  const block = /^([ \t]+)([A-Z][a-z]+(?: [A-Z]?[a-z]+)?)[ \t]*\n(?:[ \t]*\n)?[ \t]+(\d{1,10}|0x[0-9A-Fa-f]{1,8})[ \t]*$/gm;
  const chunkText = text.slice(ctx.chunk.start, ctx.chunk.end);
  for (const m of chunkText.matchAll(block)) {
    const at = ctx.chunk.start + m.index!;
    const sec = sectionAt(ctx.doc.structure, at);
    if (!sec || isSkipped(ctx, { start: at, end: at + m[0].length })) continue;
    const name = sec.heading.replace(/:$/, '').trim();
    if (!name || name.split(/\s+/).length > 5 || /\b(?:considerations|introduction|overview|references|format|values?)\b/i.test(name)) continue;
    const field = m[2];
    const valAt = at + m[0].lastIndexOf(m[3]);
    out.push({
      pattern: 'value.field',
      head: entity(name, { start: sec.start, end: sec.headingEnd }),
      relation: `has ${field.toLowerCase()}`,
      tail: literal(m[3], { start: valAt, end: valAt + m[3].length }, 'code'),
      evidence: { start: at + m[1].length, end: valAt + m[3].length },
      meta: { field },
    });
  }
  return out;
}
