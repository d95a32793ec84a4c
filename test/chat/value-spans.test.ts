// Value candidates read from sentences (chat/candidates/spans.ts, sentence-spans.ts): a size said in words
// with its unit, a dotted identifier read whole, a listing's abbreviated label next to the value, the thing a value
// measures and the kind of its unit.
import { describe, expect, it } from 'vitest';
import { answerContext } from '../../electron/core/chat/candidates/context';
import { typedSpans, measureUnit } from '../../electron/core/chat/candidates/spans';
import { sentenceSpanCandidates } from '../../electron/core/chat/candidates/sentence-spans';
import { limitsNamed, measuredThing, statedLimit, unitKindOf } from '../../electron/core/retrieve/quantities';
import { limitFeatures } from '../../electron/core/chat/features-values';
import { retrievalOf } from './retrieval-fixture';

describe('a number with its unit', () => {
  it('reads the unit of a size in digits or in words, with a bracketed digit between', () => {
    expect(measureUnit('at least 128 bits')).toBe('bits');
    expect(measureUnit('sixteen octets')).toBe('octets');
    expect(measureUnit('four (4) octets')).toBe('octets');
    expect(measureUnit('a 48-octet key')).toBe('octet');
    expect(measureUnit('version 2')).toBeNull();
  });

  it('keeps a size said in words as a value candidate', () => {
    const sentence = 'Packets have a short header holding the packet type and an authenticator (sixteen octets) and a length.';
    const ctx = answerContext(retrievalOf('How long is the authenticator in a packet header?', [sentence]));
    const texts = sentenceSpanCandidates(ctx).map((c) => c.text);
    expect(texts).toContain('sixteen octets');
  });
});

describe('a value set in a named base', () => {
  it('reads the number after "set to decimal"', () => {
    const spans = typedSpans('This field MUST be set to decimal 3561, the number assigned.', 'value', null);
    expect(spans.find((s) => s.text === '3561')?.level).toBe('specific');
  });
});

describe('a value stated in words (rank21)', () => {
  it('reads the number word alone where a value is stated with it, as specifically as a digit', () => {
    const at = (sentence: string) => typedSpans(sentence, 'value', null).filter((s) => /^(?:zero|three|twelve|one|two)$/i.test(s.text));
    expect(at('For widgets without saved state, this value will be zero.').map((s) => [s.text, s.level])).toEqual([['zero', 'specific']]);
    expect(at('A value of zero is returned if the hub has not answered.').map((s) => s.text)).toEqual(['zero']);
    expect(at('The widget count is set to three if the hub restarts.').map((s) => s.text)).toEqual(['three']);
  });

  it('reads no count of things nor a size as a stated value', () => {
    const at = (sentence: string) => typedSpans(sentence, 'value', null).filter((s) => /^(?:zero|one|two)$/i.test(s.text));
    expect(at('The widget count is one of the counters the hub keeps.')).toEqual([]);
    expect(at('The gadget field is two octets long.')).toEqual([]);
    expect(at('A value of zero-length strings is allowed.')).toEqual([]);
    expect(at('The number of hubs is one or more.')).toEqual([]);
  });

  it('is a value candidate of a value question', () => {
    const sentence = 'For widgets without saved state, this value will be zero.';
    const ctx = answerContext(retrievalOf('What does widgetUpTime report for a widget without saved state?', [sentence]));
    expect(sentenceSpanCandidates(ctx).map((c) => c.text)).toContain('zero');
  });
});

describe('a question asking a magnitude', () => {
  it('reads a sentence with a number and its unit further down the ranking than other sentences', () => {
    // twenty sentences holding the question's words before the one with the size
    const filler = Array.from({ length: 20 }, (_, i) => `The key of kind ${i} is used to encrypt frames.`).join(' ');
    const ctx = answerContext(retrievalOf('How long is the key used to encrypt frames?', [`${filler} This yields a 48 octet key.`]));
    expect(sentenceSpanCandidates(ctx).map((c) => c.text)).toContain('48 octet');
    const count = answerContext(retrievalOf('Which kind of key is used to encrypt frames?', [`${filler} This yields a 48 octet key.`]));
    expect(sentenceSpanCandidates(count).map((c) => c.text)).not.toContain('48 octet');
  });
});

describe('a dotted identifier', () => {
  it('is one value, not its numbers one by one', () => {
    const spans = typedSpans('That is, 1.3.6.1.2.1.1.1.0 identifies the only instance of the object.', 'code', 'identifier').map((s) => s.text);
    expect(spans).toContain('1.3.6.1.2.1.1.1.0');
    expect(spans).not.toContain('0');
    expect(spans).not.toContain('1.3');
  });
});

describe("a listing's abbreviated label", () => {
  it("measures the question's words a label writes short next to a value, and nothing next to another value", () => {
    const listing = 'The names are registered as follows:\n* xyz-acct 4100/tcp\n* xyz-auth 4099/tcp';
    const ctx = answerContext(retrievalOf('Which TCP port is used for accounting?', [listing]));
    const got = new Map(sentenceSpanCandidates(ctx).map((c) => [c.text, c.measures.abbreviated ?? 0]));
    expect(got.get('4100/tcp')).toBeGreaterThan(0);
    expect(got.get('4099/tcp')).toBe(0);
  });
});

describe('numbers as prose writes them (values11)', () => {
  it('reads a number with thousands separators as one number', () => {
    const spans = typedSpans('That is, 12,500 print jobs each day will be retried.', 'number', null).map((s) => s.text);
    expect(spans).toContain('12,500');
    expect(spans).not.toContain('500');
  });

  it('reads a negative number whole, and a range by its ends', () => {
    expect(typedSpans('A spooler may give the special priority -1 to take the highest one.', 'value', 'value').map((s) => s.text)).toContain('-1');
    expect(typedSpans('Queues 1-255 are reserved.', 'number', null).map((s) => s.text)).not.toContain('-255');
  });

  it('reads a rate unit whole', () => {
    expect(measureUnit('The speed is coded in bits per second.')).toBeNull();
    expect(typedSpans('The speed is coded in bits per second.', 'value', 'unit').map((s) => s.text)).toContain('bits per second');
    expect(measureUnit('a link of 64 bits per second')).toBe('bits per second');
  });
});

describe('a value asked of a listing (values11)', () => {
  it("reads a description sentence that names none of the question's words, under the object named above it", () => {
    const listing = 'jobQueueWaitTime OBJECT-TYPE\n    SYNTAX Gauge32\n    DESCRIPTION\n        "The time (in tenths of a second) a job waits."';
    const ctx = answerContext(retrievalOf('In what unit is jobQueueWaitTime expressed?', [listing]));
    expect(sentenceSpanCandidates(ctx).map((c) => c.text)).toContain('tenths of a second');
  });
});

describe('the thing a value measures', () => {
  const at = (sentence: string, value: string) => measuredThing(sentence, sentence.indexOf(value), sentence.indexOf(value) + value.length);
  it("reads a listing's line: the name after a number that opens it, in its own column", () => {
    expect(at('481      Widget-Record', '481')).toBe('Widget-Record');
    expect(at('0-1          81      Gadget-Group-ID', '81')).toBe('Gadget-Group-ID');
    expect(at('30  Reverse Widgets               Integer', '30')).toBe('Reverse Widgets');
    expect(at('131 (0x83) for Minimum-Widget-Rate', '131')).toBe('Minimum-Widget-Rate');
  });

  it("reads a named constant's name, the noun a measure modifies, and the subject a value is given to", () => {
    expect(at('noSuchWidget(4),', 'noSuchWidget(4)')).toBe('noSuchWidget');
    expect(at('This yields a 48 octet frame key (384 bits).', '48 octet')).toBe('frame key');
    expect(at('The Replay Counter field is 8 octets.', '8 octets')).toBe('Replay Counter field');
    expect(at('a default lifetime of 8 hours is RECOMMENDED.', '8 hours')).toBe('default lifetime');
  });

  it('reads the name a bracketed number follows (value14)', () => {
    expect(at('The values are Widget-Start (8) and Widget-Stop (9).', '9')).toBe('Widget-Stop');
    expect(at('Gadget Restart (19)', '19')).toBe('Gadget Restart');
    expect(at('a field of sixteen (16) octets', '16')).toBeNull();
  });

  it('reads nothing where the text binds the number to no name', () => {
    expect(at('16 bits are used for the counter', '16 bits')).toBeNull();
    expect(at('SYNTAX  DisplayString (SIZE (0..255))', '255')).toBeNull();
  });

  it('is carried by the value candidates of a listing, each with its own name', () => {
    const listing = 'The widget attributes are numbered as follows:\n102      WidgetTokenRate\n104      WidgetPeakRate';
    const ctx = answerContext(retrievalOf('Which widget attribute number was given to WidgetPeakRate?', [listing]));
    const got = new Map(sentenceSpanCandidates(ctx).map((c) => [c.text, c.measures.measured]));
    expect(got.get('104 WidgetPeakRate')).toBe('WidgetPeakRate');
    expect(got.get('102 WidgetTokenRate')).toBe('WidgetTokenRate');
  });
});

describe('a size of zero written in words (value14)', () => {
  it('is a number with its unit', () => {
    expect(measureUnit('The gadget body is zero octets in length.')).toBe('octets');
    const sentence = 'The Type-Data field of the gadget reply is zero octets in length.';
    const ctx = answerContext(retrievalOf('How long is the Type-Data of a gadget reply?', [sentence]));
    expect(sentenceSpanCandidates(ctx).map((c) => c.text)).toContain('zero octets');
  });
});

describe("a listing's line opening with its number (value14)", () => {
  it("reads the number alone as a value bound to the line's name, not as a section number", () => {
    const listing = 'The gadget counters are:\n\n      1   gadgetInOctets\n     12   gadgetDropCause\n     13   gadgetOutOctets';
    const ctx = answerContext(retrievalOf('Which number identifies gadgetDropCause among the gadget counters?', [listing]));
    const got = sentenceSpanCandidates(ctx).filter((c) => c.text === '12');
    expect(got.length).toBeGreaterThan(0);
    expect(got[0].measures.measured).toBe('gadgetDropCause');
  });

  it('still reads no value off a numbered section heading', () => {
    const ctx = answerContext(retrievalOf('Which number identifies the gadget drop cause?', ['4.  Gadget Drop Cause\n\n   The gadget drop cause is 7.']));
    expect(sentenceSpanCandidates(ctx).map((c) => c.text)).not.toContain('4');
  });
});

describe('the kind of quantity', () => {
  it("reads a unit's kind", () => {
    expect(unitKindOf('octets')).toBe('size');
    expect(unitKindOf('seconds')).toBe('duration');
    expect(unitKindOf('bits per second')).toBe('rate');
    expect(unitKindOf(null)).toBeNull();
  });
});

describe('value shapes read whole (value15)', () => {
  const texts = (sentence: string, head: string | null = null) => typedSpans(sentence, 'value', head).map((s) => s.text);

  it("reads an object identifier written as its parent's name and an arc", () => {
    const got = texts('gadgetMIB OBJECT IDENTIFIER ::= { gadgets 4 }');
    expect(got).toContain('{ gadgets 4 }');
    expect(got).toContain('4');
    expect(texts('gadgetMIB MODULE-IDENTITY ::= { iso(1) org(3) 17 }')).toContain('{ iso(1) org(3) 17 }');
  });

  it('reads the tag a type assignment gives, and no citation in brackets', () => {
    expect(texts('Gadget-PDU ::=\n    [3]\n      IMPLICIT SEQUENCE')).toContain('[3]');
    expect(texts('Frame-PDU ::= [APPLICATION 2] IMPLICIT OCTET STRING')).toContain('[APPLICATION 2]');
    expect(texts('The frame format is taken from [3], with one change.')).not.toContain('[3]');
  });

  it('reads a number assigned to a name with its other base between, and a bound with its comparison sign', () => {
    expect(typedSpans('144 (0x90) for Gadget-Loop-Kind', 'value', null).find((s) => s.text === '144')?.level).toBe('specific');
    expect(texts('Gadget-Length  <= 65')).toContain('<= 65');
  });

  it('reads a number with the open end of its range', () => {
    expect(texts('Gadget kinds are numbered 4 and above.')).toContain('4 and above');
    expect(texts('A frame of 16 octets or more is accepted.')).toContain('16 octets or more');
  });

  it('reads a quoted string as a value, without its quotes or a closing stop', () => {
    expect(texts('ORGANIZATION "Gadget Makers Group."')).toContain('Gadget Makers Group');
    expect(texts('DESCRIPTION "The arc given to the gadget work by the registry."')).not.toContain('The arc given to the gadget work by the registry');
    const ctx = answerContext(
      retrievalOf('Which organisation is named in the gadget module identity?', ['gadgetModule MODULE-IDENTITY\n  ORGANIZATION "Gadget Makers Group."']),
    );
    expect(sentenceSpanCandidates(ctx).map((c) => c.text)).toContain('Gadget Makers Group');
  });
});

describe('the limit a value is (value15)', () => {
  const at = (sentence: string, value: string) => statedLimit(sentence, sentence.indexOf(value), sentence.indexOf(value) + value.length);

  it('reads the limit a question names', () => {
    expect(limitsNamed('What is the largest gadget length allowed?')).toEqual(['max']);
    expect(limitsNamed('What is the default gadget timeout?')).toEqual(['default']);
    expect(limitsNamed('How long is a gadget frame?')).toEqual([]);
  });

  it("reads the limit a value's own words say", () => {
    expect(at('Frames may be up to 4096 octets in length.', '4096 octets')).toBe('max');
    expect(at('The key MUST be at least 16 octets long.', '16 octets')).toBe('min');
    expect(at('The timer defaults to 30 seconds.', '30 seconds')).toBe('default');
    expect(at('Kinds are numbered 4 and above.', '4')).toBe('min');
    expect(at('The header is 12 octets long.', '12 octets')).toBeNull();
    expect(at('SYNTAX  DisplayString (SIZE (0..255))', '255')).toBe('max');
    expect(at('SYNTAX  DisplayString (SIZE (0..255))', '0')).toBe('min');
    expect(at('Gadget-Length  <= 65', '65')).toBe('max');
  });

  it('marks the value that is the asked limit and the one that is another', () => {
    const sentence = 'The gadget window has a default of 10 packets and a maximum of 64 packets.';
    const ctx = answerContext(retrievalOf('What is the largest gadget window allowed?', [sentence]));
    const got = new Map(sentenceSpanCandidates(ctx).map((c) => [c.text, limitFeatures(c, ctx)]));
    expect(got.get('64 packets')).toEqual({ limitAgrees: 1, limitOther: 0 });
    expect(got.get('10 packets')).toEqual({ limitAgrees: 0, limitOther: 1 });
    const plain = answerContext(retrievalOf('How large is the gadget window?', [sentence]));
    for (const c of sentenceSpanCandidates(plain)) expect(limitFeatures(c, plain)).toEqual({ limitAgrees: 0, limitOther: 0 });
  });
});
