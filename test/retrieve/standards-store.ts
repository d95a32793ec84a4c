// Invented standards ingested as files (an RFC-style header, numbered sections) into a store of their own, for the
// retrieval tests that follow a question from one document to another.
import { afterAll, beforeAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { tmpDir } from '../helpers/tmp';
import { Core } from '../../electron/core/core';
import { Retriever } from '../../electron/core/retrieve/retriever';
import { prepareFile, storePrepared } from '../../electron/core/ingest/pipeline';

/** An RFC-style text: its header with number, date and title, then numbered sections of indented paragraphs. */
export function standardText(num: number, title: string, sections: [string, string[]][], date = 'May 2030'): string {
  const head = [
    'Network Working Group                                         J. Doe',
    `Request for Comments: ${num}                                   Example Org`,
    `Category: Informational                                         ${date}`,
    '',
    '',
    `                    ${title}`,
    '',
    'Status of This Memo',
    '',
    '   This memo provides information for the Internet community.  It does',
    '   not specify an Internet standard of any kind.  Distribution of this',
    '   memo is unlimited.',
    '',
    '',
  ].join('\n');
  return head + sections.map(([h, paras], i) => `${i + 1}.  ${h}\n\n${paras.map((p) => `   ${p}\n\n`).join('')}`).join('');
}

/**
 * A store holding these files (name, text), ingested before the suite's tests and closed after them (with
 * `extract`, the classic extraction run over them: the graph's citations); read `retriever` in a test.
 */
export function standardsStore(prefix: string, files: [string, string][], options: { extract?: boolean } = {}): { retriever: Retriever } {
  const t = tmpDir(prefix);
  let core: Core;
  const held = {} as { retriever: Retriever };
  beforeAll(async () => {
    core = new Core({ dbPath: path.join(t.dir, 'g.db'), startJobs: false });
    const ids: number[] = [];
    for (const [name, text] of files) {
      fs.writeFileSync(path.join(t.dir, name), text);
      const out = storePrepared(core.store, await prepareFile(path.join(t.dir, name)));
      if (out.status === 'imported') ids.push(...out.ids);
    }
    if (options.extract) {
      const job = core.jobs.enqueue('extract', { documents: ids, engine: 'classic' });
      core.jobs.start();
      const done = await core.jobs.wait(job.id);
      if (done.state !== 'done') throw new Error(`classic extraction ${done.state}`);
    }
    held.retriever = new Retriever(core.store);
  }, 60_000);
  afterAll(async () => {
    await core.close();
    t.cleanup();
  });
  return held;
}
