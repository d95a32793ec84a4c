// The describing readings of question.ts (nlp/lexicon describing-question-verbs), on invented questions: a bare
// "what" as the subject of a verb of composition, characterisation or causation ("what makes up X", "what
// distinguishes X", "what causes X"), as the object of a verb of inclusion or telling ("what does X consist of",
// "what does X tell Y"), or before a participle of composition or purpose ("what is X made of", "what is X meant
// for") asks what X is or holds: a definition of X, not a name. A head noun after the question word keeps its type.
import { describe, expect, it } from 'vitest';
import { answerTypeOf, describingVerbAt } from '../../electron/core/retrieve/question';
import { asksWhatItIs } from '../../electron/core/chat/candidates/sentence-spans';

describe('describing verbs as written', () => {
  it('a verb by its dictionary form, a participle as written, the longest entry first', () => {
    expect(describingVerbAt(['what', 'makes', 'up', 'a', 'fleet'], 1)).toEqual({ reading: 'parts', length: 2 });
    expect(describingVerbAt(['what', 'makes', 'a', 'fleet', 'slow'], 1)).toEqual({ reading: 'cause', length: 1 });
    expect(describingVerbAt(['what', 'do', 'fleets', 'consist', 'of'], 3)).toEqual({ reading: 'whole', length: 2 });
    expect(describingVerbAt(['is', 'a', 'fleet', 'made', 'up', 'of'], 3)).toEqual({ reading: 'made', length: 3 });
    // (a prepositional verb without its preposition is not the entry)
    expect(describingVerbAt(['what', 'does', 'it', 'consist'], 3)).toBeNull();
    expect(describingVerbAt(['what', 'is', 'a', 'fleet'], 1)).toBeNull();
  });
});

describe('reading what-subject: "what" is the subject of the verb', () => {
  it.each([
    ['What makes up a shipping manifest?', 'a shipping manifest', ['makes', 'up']],
    ['When a barge docks, what constitutes a complete cargo record?', 'a complete cargo record', ['constitutes']],
    ['What distinguishes a lighthouse keeper from a harbour pilot?', 'a lighthouse keeper from a harbour pilot', ['distinguishes']],
    // (the place it is meant in is no part of the term: answerTypeOf reads "X in Y" as X)
    ['What causes tide-lock in a canal system?', 'tide-lock', ['causes']],
    ['What triggers a storm warning, according to the harbour rules?', 'a storm warning', ['triggers']],
    ['What makes a cargo transfer irreversible?', 'a cargo transfer irreversible', ['makes']],
  ])('%s', (q, subject, frame) => {
    expect(answerTypeOf(q)).toMatchObject({ type: 'definition', subject, frame });
  });

  it('a noun after the question word keeps its reading, and so does a plural noun before an auxiliary', () => {
    expect(answerTypeOf('Which document defines the harbour rules?').type).toBe('name');
    expect(answerTypeOf('Which three parts make up a shipping manifest?').type).toBe('list');
    expect(answerTypeOf('What causes does the harbour log list for a delay?').type).not.toBe('definition');
  });
});

describe('reading what-object: "what" is the object of a verb of inclusion or telling', () => {
  it.each([
    ['What do harbour fees include?', 'harbour fees', ['include']],
    ['What does a shipping manifest consist of?', 'a shipping manifest', ['consist', 'of']],
    ['What does a foghorn signal tell the crew about the channel?', 'a foghorn signal', ['tell']],
  ])('%s', (q, subject, frame) => {
    expect(answerTypeOf(q)).toMatchObject({ type: 'definition', subject, frame });
  });

  it('"tell X to do" asks what is to be done, not what the teller says', () => {
    expect(answerTypeOf('What does the harbour master tell a pilot to do when fog sets in?').type).not.toBe('definition');
  });
});

describe('reading what-participle: a participle of composition or purpose after "what is X"', () => {
  it.each([
    ['What is a shipping manifest made of?', 'a shipping manifest', ['made', 'of']],
    ['What are cargo records composed of?', 'cargo records', ['composed', 'of']],
    ['What is the harbour beacon meant for?', 'the harbour beacon', ['meant', 'for']],
    ['What is the Tide-Table register intended for during a storm?', 'the Tide-Table register', ['intended', 'for']],
  ])('%s', (q, subject, frame) => {
    expect(answerTypeOf(q)).toMatchObject({ type: 'definition', subject, frame });
  });

  it('a participle of composition before more of the clause is no composition question', () => {
    // (the preposition does not end the question: the thing made of something is asked for)
    expect(answerTypeOf('What is the only barge made of steel in the fleet?').frame).not.toEqual(['made', 'of']);
  });
});

describe('a describing reading asks what X holds, does or is for, not what X is', () => {
  it('its frame is the verb, which the definition candidates read as no "what is X"', () => {
    for (const q of ['What makes up a shipping manifest?', 'What causes tide-lock?', 'What do harbour fees include?', 'What is the harbour beacon meant for?'])
      expect(asksWhatItIs(answerTypeOf(q)), q).toBe(false);
    expect(asksWhatItIs(answerTypeOf('What is a shipping manifest?'))).toBe(true);
  });
});
