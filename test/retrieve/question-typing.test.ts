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
