// A document's title when its file name is none (a hash, a number, a counter, a date): the title its
// text opens with, past front matter; a file name that is a name stays the title. Files generated
// here, read by the real parsers and pipeline.
import { afterAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { prepareFile } from '../../electron/core/ingest/pipeline';
import { isTitleName, titleFromText } from '../../electron/core/ingest/title';
import { tmpDir } from '../helpers/tmp';

const t = tmpDir('gw-title-');
afterAll(() => t.cleanup());

const BODY =
  'Protection relays detect faults on a feeder and trip its breaker within a few cycles, so that the fault is isolated before the ' +
  'equipment upstream is damaged. The settings of each relay are coordinated with those of its neighbours.';

async function titleOf(name: string, text: string): Promise<string> {
  const file = path.join(t.dir, name);
  fs.writeFileSync(file, text);
  return (await prepareFile(file)).docs[0].title;
}

describe('file names that name nothing', () => {
  it.each([
    ['d8841f6ce609635c.txt'],
    ['000_68a6067ece94435d.txt'],
    ['3f2a9c1e-7b4d-4e2a-9c1f-0a1b2c3d4e5f.pdf'],
    ['12.txt'],
    ['2024-05-01.md'],
    ['document1.txt'],
    ['Document 2.docx'],
    ['scan_0003.pdf'],
    ['untitled (2).txt'],
  ])('%s is not a title', (name) => {
    expect(isTitleName(name)).toBe(false);
  });

  it.each([['substation-notes.txt'], ['RFC 3580 notes.txt'], ['Relay settings 2024.md'], ['cafe.txt'], ['deadbeef-guide.txt']])('%s is a title', (name) => {
    expect(isTitleName(name)).toBe(true);
  });
});

describe('the title a text opens with', () => {
  it('a first line of its own', async () => {
    expect(await titleOf('9a7c3e1f20b4d6a8.txt', `Feeder Protection Handbook\n\n${BODY}\n`)).toBe('Feeder Protection Handbook');
  });

  it('past the front matter: a journal line, an ISSN, a URL, its fragments', async () => {
    const text = [
      'Journal of Grid Engineering, Vol. 7, No. 3, pp. 101-118',
      'ISSN: 1234-5678 https://journal.example.org/articles/77',
      'A Method for Coordinating Relay Settings on Meshed Feeders',
      'Jane Doe, John Roe',
      '',
      BODY,
    ].join('\n');
    expect(await titleOf('12.txt', text)).toBe('A Method for Coordinating Relay Settings on Meshed Feeders');
    // all on one line, a URL broken at spaces by a layout repair
    const flat = `Grid Engineering Letters Vol. 2, No. 1 available at http://ex ample. org/x Relay coordination on meshed feeders with distributed generation and storage. ${BODY}`;
    expect(titleFromText(flat)).toBe('Relay coordination on meshed feeders with distributed generation and storage');
  });

  it('a paragraph only: its first sentence, cut at a word', async () => {
    expect(await titleOf('document1.txt', `${BODY}\n`)).toBe('Protection relays detect faults on a feeder and trip its breaker within…');
  });

  it('a title-case heading run into the sentence after it ends where that sentence begins', () => {
    expect(titleFromText('5.2 Fault Current Limits of the Breaker Before choosing a breaker, the engineer checks the fault level.')).toBe(
      '5.2 Fault Current Limits of the Breaker',
    );
  });

  it('a name stays the title; a text with no words keeps the file name', async () => {
    expect(await titleOf('feeder-notes.txt', `Feeder Protection Handbook\n\n${BODY}\n`)).toBe('feeder-notes.txt');
    expect(titleFromText('12 13 14\n2024-05-01\n')).toBeNull();
  });
});
