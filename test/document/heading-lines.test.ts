// The shape of a numbered heading line (document/lines.ts numberedCandidate): a clause number, then a
// title; a number followed by a unit is a value.
import { describe, expect, it } from 'vitest';
import { numberedCandidate } from '../../electron/core/document/lines';

describe('numberedCandidate', () => {
  it.each([
    ['8.2.  A Simple Widget Format', '8.2', 'A Simple Widget Format'],
    ['1.1 A Note on Widgets', '1.1', 'A Note on Widgets'],
    ['3 Message Format', '3', 'Message Format'],
  ])('%j is a heading', (line, number, heading) => expect(numberedCandidate(line)).toEqual({ number, heading }));

  it.each(['3 A maximum', '5 MW', '10 Mbit/s links', '4 ms later'])('%j is a value, not a heading', (line) => expect(numberedCandidate(line)).toBeNull());
});
