// The rule table (extract/rules.ts): every rule has one id, a general statement and a pass; every id
// the passes record is in the table and every table id of the sentence extractor is used; a triple's
// trace names its proposition first.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { classicExtract } from '../../electron/core/extract/classic';
import { RULES, ruleInfo } from '../../electron/core/extract/rules';

const CLASSIC = path.resolve(import.meta.dirname, '..', '..', 'electron', 'core', 'extract', 'classic');
const ID = /'((?:tag|np|arg|clause|polarity|ref|subj|void|prop|emit|doc|rel)\.[a-z-]+)'/g;

describe('the rule table', () => {
  it('one entry per id, each with a general statement and a pass', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of RULES) {
      expect(r.statement.length, r.id).toBeGreaterThan(20);
      expect(r.pass, r.id).toBeTruthy();
    }
    expect(RULES.length).toBeGreaterThan(150);
    expect(RULES.filter((r) => r.pattern).length, 'tag repairs written as token patterns').toBeGreaterThan(20);
  });

  it('every id the sentence extractor records is in the table, and its code names each rule where it acts', () => {
    const source = fs
      .readdirSync(CLASSIC)
      .filter((x) => x.endsWith('.ts'))
      .map((f) => fs.readFileSync(path.join(CLASSIC, f), 'utf8'))
      .join('\n');
    const recorded = new Set([...source.matchAll(ID)].map((m) => m[1]));
    expect([...recorded].filter((id) => !ruleInfo(id))).toEqual([]);
    // a tag repair is its table entry; every other rule is named in its table and where its code acts
    const times = (id: string) => source.split(id).length - 1;
    const classic = RULES.filter((r) => !['standards', 'llm'].includes(r.pass));
    expect(classic.filter((r) => r.pass !== 'tags' && times(r.id) < 2).map((r) => r.id)).toEqual([]);
    expect(classic.filter((r) => times(r.id) < 1).map((r) => r.id)).toEqual([]);
  });

  it('a triple lists the proposition that made it first, then the rules on its way, all in the table', () => {
    const text = 'The server sends the request to the proxy. These keys, which the client chose, are stored in a cache.';
    const out = classicExtract(text, { start: 0, end: text.length });
    const sends = out.triples.find((t) => t.relation === 'send');
    expect(sends?.rules?.[0]).toBe('prop.object');
    for (const t of out.triples) {
      expect(t.rules?.length, `${t.head.text} | ${t.relation} | ${t.tail.text}`).toBeGreaterThan(0);
      for (const id of t.rules ?? []) expect(ruleInfo(id), id).toBeTruthy();
    }
  });
});
