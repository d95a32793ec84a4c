// Question typing from general English syntax, on hand-made questions: an inversion question whose
// question word opens a subordinate clause is still asked yes or no; the definition forms ("what is
// X" for a named compound, "what kind of N is X", "what does X report", "the N called 'T'") are read
// before the name / code / condition readings.
import { describe, expect, it } from 'vitest';
import { answerTypeOf } from '../../electron/core/retrieve/question';
import { analyze } from '../../electron/core/retrieve/analysis';

describe('yes/no questions with a subordinate question word', () => {
  it.each([
    'Is a mail client allowed to resend a message over the same link when no reply has come back?',
    'Should a gateway drop the frame when its checksum disagrees with the header?',
    'Does a printer send any reply when it accepts a job?',
    'May the function that derives session keys depend on which cipher was chosen?',
    'Can a router forward a packet whose hop limit is zero?',
  ])('%s', (q) => {
    expect(answerTypeOf(q).type).toBe('yesno');
    expect(analyze(q).yesNo).toBe(true);
  });

  it('a second question after a comma or a conjunction still asks what it asks', () => {
    expect(answerTypeOf('Is the timer optional, and which value does it default to?').type).not.toBe('yesno');
    expect(answerTypeOf('Is the field encrypted and how is its key derived?').type).not.toBe('yesno');
    expect(analyze('Is the field encrypted and how is its key derived?').yesNo).toBe(false);
  });

  it('wh-questions keep their types', () => {
    expect(answerTypeOf('When must a client close the connection?').type).toBe('condition');
    expect(answerTypeOf('Which port does the daemon listen on?').type).toBe('port');
    expect(answerTypeOf('When the timer fires, which message does the server send?').type).toBe('name');
  });
});

describe('definition questions read before name, code or condition', () => {
  it('"what is X" for a hyphenated or camel-case term', () => {
    expect(answerTypeOf('What is the Printer-Job-Id?')).toMatchObject({ type: 'definition', subject: 'Printer-Job-Id' });
    expect(answerTypeOf('What is jobQueueLength?')).toMatchObject({ type: 'definition', subject: 'jobQueueLength' });
    // a phrase with a typed head noun is still typed by it
    expect(answerTypeOf('What is the default port?').type).toBe('port');
    expect(answerTypeOf('What is the Printer-Job-Id value?').type).toBe('value');
  });

  it('"what kind of N is X": the class X is defined as', () => {
    expect(answerTypeOf('What kind of object is jobQueueReset?')).toMatchObject({ type: 'definition', subject: 'jobQueueReset' });
    // a verb other than "be" after the noun asks for an instance of the noun
    expect(answerTypeOf('On what kind of host may a print spooler be located?').type).not.toBe('definition');
  });

  it('"what does X report / record / signal"', () => {
    expect(answerTypeOf('What does jobQueueDiscontinuity report?')).toMatchObject({ type: 'definition', subject: 'jobQueueDiscontinuity' });
    expect(answerTypeOf('What does the flags field of a job header record?')).toMatchObject({ type: 'definition', frame: ['record'] });
    expect(answerTypeOf('What does jobQueuePort report in the 2001 printer MIB?')).toMatchObject({ type: 'definition', subject: 'jobQueuePort' });
    // a case after the verb asks for the value reported in that case
    expect(answerTypeOf('What does jobQueueUpTime report when the queue has no state?').type).not.toBe('definition');
  });

  it('"the N called \'T\'": the quoted term', () => {
    expect(answerTypeOf("What is the flaw called 'replay of stale tickets' in the ticket design notes?")).toMatchObject({
      type: 'definition',
      subject: 'replay of stale tickets',
    });
    expect(answerTypeOf('What is the spooler called in the printing guide?')).toMatchObject({ type: 'name', frame: ['called'] });
  });
});

describe('value questions read as values (values11)', () => {
  it('"what does X report / return for Y / when Y": the value reported in that case', () => {
    expect(answerTypeOf('What does jobQueueUpTime report for a spooler that keeps no state?')).toMatchObject({ type: 'value', subject: 'jobQueueUpTime' });
    expect(answerTypeOf('What does the lookup return when the key is missing?').type).toBe('value');
  });

  it('a hyphen-joined name before the asked noun is one word of its phrase, whatever its parts are tagged', () => {
    expect(answerTypeOf('Which Job-Terminate-Cause value was assigned for a cancelled print job?')).toMatchObject({ type: 'value', head: 'value' });
  });

  it('a verb-tagged base form between a singular noun and a noun is part of the phrase', () => {
    expect(answerTypeOf('Which PRINTER attribute number carries the queue length?')).toMatchObject({ type: 'code', head: 'number' });
  });

  it('a plural-looking word before "that" is the verb, not the asked noun', () => {
    expect(answerTypeOf('Which Job-State value marks that a job has been held?')).toMatchObject({ type: 'value', head: 'value' });
  });

  it('a typed noun phrase followed by a participle and a preposition asks for that kind of value', () => {
    expect(answerTypeOf('What is the largest Queue-Length allowed for a printer?').type).toBe('value');
  });

  it('"between which values" asks for a range', () => {
    expect(answerTypeOf('Between which values must a job priority lie?')).toMatchObject({ type: 'value', head: 'range' });
  });

  it('a singular in -us is no plural', () => {
    expect(answerTypeOf('What is the status of jobQueuePort in the revised MIB?').type).toBe('name');
    // (an acronym's plural still is one)
    expect(answerTypeOf('By which PDUs alone is a reply generated?').type).toBe('list');
  });
});

describe('the head of the wh-phrase read as the thing it names (typer13)', () => {
  it('an acronym in capitals ending in "s" is no plural: the verb-tagged noun after it stays in the phrase', () => {
    expect(answerTypeOf('Which GPS receiver number carries the fix quality?')).toMatchObject({ type: 'code', head: 'number' });
    expect(answerTypeOf('What SCSIS device type number identifies a tape drive?')).toMatchObject({ type: 'code', head: 'number' });
  });

  it('a noun ending in a double "s" tagged as a verb between two nouns is part of the phrase', () => {
    expect(answerTypeOf('Which mail address types must a relay accept?')).toMatchObject({ type: 'list', head: 'types' });
  });

  it('a hyphenated field name as the head asks for the value of that field, not a name', () => {
    expect(answerTypeOf('Which Option-Type identifies the lease renewal option?')).toMatchObject({ type: 'value', head: 'type' });
    expect(answerTypeOf('What Record-Kind, in decimal and hex, marks a checkpoint?').type).toBe('value');
  });

  it('a capitalised noun inside the sentence, after a lower-case word, names a field: "the Type of X"', () => {
    expect(answerTypeOf('In the printing guide, what is the Type of the Finisher option used to staple pages?')).toMatchObject({ type: 'value', head: 'type' });
    // a capitalised word after another is part of a longer proper name, a name as such
    expect(answerTypeOf('Which Print Server handles the queue?').type).toBe('name');
    // and a lower-case head keeps its reading
    expect(answerTypeOf('Which type identifies the lease renewal option?').type).toBe('name');
  });

  it('an acronym as the head asks for the thing it names, whose value may be a number', () => {
    expect(answerTypeOf('To what Ethernet MTU are the frames restricted?')).toMatchObject({ type: 'value', head: 'mtu' });
    expect(answerTypeOf('Under which OID is the printer group registered?').type).toBe('value');
    // a document noun written as an acronym still asks which document
    expect(answerTypeOf('Which RFC defines the printer MIB?').type).toBe('name');
    // "what is X" of an acronym alone asks what it is
    expect(answerTypeOf('What is a PDU?').type).toBe('definition');
    expect(answerTypeOf('What is the BRAS in access networks?').type).toBe('definition');
  });

  it('a superlative of an adjective of measure before the noun asks for a quantity', () => {
    expect(answerTypeOf('What is the largest frame a bridge should forward when the link is slow?')).toMatchObject({ type: 'value', head: 'frame' });
    expect(answerTypeOf('What is the shortest delay a client may wait before retrying?').type).toBe('value');
    expect(answerTypeOf('What is the earliest version that supports compression?').type).toBe('value');
    // a superlative of another adjective does not ("the best", "the most common")
    expect(answerTypeOf('What is the best way to close a session?').type).not.toBe('value');
  });

  it("the head is the phrase's own word, not a later word written as a name", () => {
    expect(answerTypeOf('Which key serves as the signing key when the Frame-Key field is computed?')).toMatchObject({ type: 'name', head: 'key' });
  });

  it('a tag is a code', () => {
    expect(answerTypeOf('What context-specific tag does the GetReply message carry?')).toMatchObject({ type: 'code', head: 'tag' });
  });
});

describe('the term a definition question asks about, read from its syntax', () => {
  it.each([
    ['What does it mean for a print job to be stale?', 'stale'],
    ['In the spooler protocol, what does it mean to silently drop a job?', 'silently drop'],
    ['What does the printer MIB mean by a job group?', 'a job group'],
    ['In the printer MIB, what does the word "orphaned" usually mean for a job?', 'orphaned'],
    ['What is counted by jobQueueDropped?', 'jobQueueDropped'],
    ['What is Frobnix, the scheduler of the spooler suite?', 'Frobnix'],
    ['How may print spooling be loosely defined?', 'print spooling'],
    ['How is a queue entry named when no site-specific rule applies?', 'a queue entry'],
    ['How does the spooler guideline reinterpret the printer timeout?', 'the printer timeout'],
  ])('%s', (q, subject) => {
    expect(answerTypeOf(q)).toMatchObject({ type: 'definition', subject });
  });

  it('"what is counted by X" asks what X counts', () => {
    expect(answerTypeOf('What is counted by jobQueueDropped?').frame).toEqual(['count']);
  });
});
