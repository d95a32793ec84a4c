// Typed mentions found by pattern: standard identifiers and numbers with units. Acronym
// definitions come from ../acronyms. Each mention carries its exact span in the text.
import type { Span } from '../sentences';

interface TypedMention extends Span {
  text: string;
  /** Canonical label: "RFC2865" -> "RFC 2865", whitespace collapsed. */
  label: string;
  type: 'standard' | 'quantity';
}

const BODIES =
  'ISO\\/IEC|IEC\\/IEEE|ISO\\/IEEE|IEC\\/ISO|ISO\\/TS|ISO\\/TR|IEC\\/TS|IEC\\/TR|ISO|IEC|IEEE|ITU-T|ITU-R|ANSI(?:\\/[A-Z]+)?|ETSI(?:\\s+(?:TS|EN|TR))?|CEN|CENELEC|EN|DIN|BS|JIS|KS|GB|NIST\\s+SP|FIPS(?:\\s+PUB)?|ASTM|NERC\\s+CIP|IETF';
const STANDARD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:${BODIES})[ \t]+(?:Std\.?[ \t]+)?[A-Z]?\.?\d+(?:[.\-]\d+)*[A-Za-z]{0,2}(?:-\d+)*(?::\d{4})?|(?:RFC|BCP|STD|FYI)[ \t]?\d{1,5})(?![\p{L}\p{N}])`,
  'gu',
);

const UNITS = [
  '%',
  'percent',
  'ppm',
  '[kMGT]?bps',
  '[kMGT]?bit\\/s',
  '[kMGT]?b\\/s',
  '[kMGT]?Hz',
  '[kMGTP]i?B',
  'bytes?',
  'octets?',
  'bits?',
  'kbits?',
  'Mbits?',
  'ms',
  'µs',
  'μs',
  'ns',
  'sec',
  'secs',
  'seconds?',
  'minutes?',
  'mins?',
  'hours?',
  'hrs?',
  'days?',
  'weeks?',
  'years?',
  '[kMG]?V',
  '[kMGT]?W',
  '[kMGT]?Wh',
  '[kM]?VA',
  '[kM]?var',
  'kA',
  'mA',
  '°C',
  '°F',
  'km',
  'cm',
  'mm',
  'nm',
  'kg',
  'dB',
  'dBm',
];
const QUANTITY = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])\d{1,3}(?:,\d{3})+(?:\.\d+)?[ \t]?(?:${UNITS.join('|')})(?![\p{L}\p{N}])|(?<![\p{L}\p{N}.])\d+(?:\.\d+)?[ \t]?(?:${UNITS.join('|')})(?![\p{L}\p{N}])`,
  'gu',
);

function canonicalStandard(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^(RFC|BCP|STD|FYI)\s?(\d+)$/, '$1 $2');
}

/** Standard identifiers (RFC 2865, IEEE 802.1X, IEC 61850-7-4, ISO/IEC 27001:2013) in text[from, to). */
export function findStandards(text: string, from = 0, to = text.length): TypedMention[] {
  const slice = text.slice(from, to);
  const out: TypedMention[] = [];
  for (const m of slice.matchAll(STANDARD)) {
    const t = m[0];
    out.push({ start: from + m.index!, end: from + m.index! + t.length, text: t, label: canonicalStandard(t), type: 'standard' });
  }
  return out;
}

/** Numbers with units (10 Mbps, 30 seconds, 4096 octets, 110 kV) in text[from, to). */
export function findQuantities(text: string, from = 0, to = text.length): TypedMention[] {
  const slice = text.slice(from, to);
  const out: TypedMention[] = [];
  for (const m of slice.matchAll(QUANTITY)) {
    const t = m[0];
    out.push({ start: from + m.index!, end: from + m.index! + t.length, text: t, label: t.replace(/\s+/g, ' '), type: 'quantity' });
  }
  return out;
}

export function findTypedMentions(text: string, from = 0, to = text.length): TypedMention[] {
  return [...findStandards(text, from, to), ...findQuantities(text, from, to)].sort((a, b) => a.start - b.start);
}
