// Chinese standards text, read with @node-rs/jieba's segmentation and part-of-speech tags (its
// dictionary ships in the package: no download). Two high-precision patterns, the Chinese forms of
// the English ones; nothing else (noun co-occurrence is no relation):
// - requirements: subject + 必须 / 不得 / 应 / 应当 / 不应 / 宜 / 不宜 / 可 + action (GB/T 1.1 writes
//   its provisions so: 应 = shall, 不应 = shall not, 宜 = should, 不宜 = should not, 可 = may);
// - definitions: "X是指Y", "X指Y", "X定义为Y".
// Modalities are given as the RFC 2119 keywords the English pattern uses, so both read alike.
import { splitSentences, type Span } from '../sentences';
import type { CandidateTriple } from '../types';
import { entity, event, finish, literal, type Draft } from './make';
import { log } from '../../log';

interface Token extends Span {
  word: string;
  tag: string;
}

export interface Segmenter {
  tag(sentence: string): { word: string; tag: string }[];
}

let loaded: Promise<Segmenter | null> | null = null;

/** The jieba segmenter with its bundled dictionary, or null when the native package cannot load here. */
export function loadChineseSegmenter(): Promise<Segmenter | null> {
  loaded ??= (async () => {
    try {
      const { Jieba } = await import('@node-rs/jieba');
      const { dict } = await import('@node-rs/jieba/dict');
      const j = Jieba.withDict(dict);
      return { tag: (s: string) => j.tag(s) };
    } catch (err) {
      log.warn('extract', 'the Chinese word segmenter (@node-rs/jieba) could not be loaded; Chinese text is read without it', err);
      return null;
    }
  })();
  return loaded;
}

const MODALS: Record<string, string> = {
  必须: 'MUST',
  不得: 'MUST NOT',
  禁止: 'MUST NOT',
  应: 'SHALL',
  应当: 'SHALL',
  应该: 'SHALL',
  不应: 'SHALL NOT',
  不应当: 'SHALL NOT',
  不应该: 'SHALL NOT',
  宜: 'SHOULD',
  不宜: 'SHOULD NOT',
  可: 'MAY',
  可以: 'MAY',
};
const CLAUSE_END = /^[，,。；;：:！？!?、]$/;
const CONDITION = /^(?:如果|若|假如|当|在|对于|除非|因为|由于|为了)$/;
const NOUNISH = /^(?:n|nr|ns|nt|nz|nl|ng|vn|eng|l|j|an)$/;
const VERBISH = /^(?:v|vd|vn|vi|vq|d|p|a|ad)$/;
const PRONOUN = /^(?:它|它们|其|此|这|该|这些|那些|他|她|他们)$/;

function tokensOf(seg: Segmenter, text: string, s: Span): Token[] {
  const sentence = text.slice(s.start, s.end);
  const out: Token[] = [];
  let cursor = 0;
  for (const t of seg.tag(sentence)) {
    const at = sentence.indexOf(t.word, cursor);
    if (at < 0) continue;
    cursor = at + t.word.length;
    if (!t.word.trim()) continue;
    out.push({ word: t.word, tag: t.tag, start: s.start + at, end: s.start + at + t.word.length });
  }
  return out;
}

/** Triples from chunk [start, end) of a Chinese document. */
export function chineseExtract(seg: Segmenter, docText: string, chunk: Span): CandidateTriple[] {
  const drafts: Draft[] = [];
  for (const s of splitSentences(docText, chunk.start, chunk.end)) {
    const toks = tokensOf(seg, docText, s);
    for (let i = 0; i < toks.length; i++) {
      const modality = MODALS[toks[i].word];
      if (!modality) continue;
      // the subject: the nouns right before the modal, back to the clause's start
      let a = i;
      while (a > 0 && !CLAUSE_END.test(toks[a - 1].word)) a--;
      if (a < toks.length && CONDITION.test(toks[a].word)) continue; // a condition, not a subject
      const subj = toks.slice(a, i);
      if (!subj.length || !NOUNISH.test(subj[subj.length - 1].tag) || subj.some((t) => PRONOUN.test(t.word)) || subj.length > 8) continue;
      // the action: from the modal's verb to the clause end
      let b = i + 1;
      while (b < toks.length && !CLAUSE_END.test(toks[b].word)) b++;
      const act = toks.slice(i + 1, b);
      if (act.length < 2 || !VERBISH.test(act[0].tag)) continue;
      const subjSpan = { start: subj[0].start, end: subj[subj.length - 1].end };
      const actSpan = { start: act[0].start, end: act[act.length - 1].end };
      drafts.push({
        pattern: 'zh.requirement',
        head: entity(docText.slice(subjSpan.start, subjSpan.end), subjSpan),
        relation: modality,
        tail: event(docText.slice(actSpan.start, actSpan.end), actSpan, 'requirement'),
        evidence: s,
        meta: { modality, negated: /NOT$/.test(modality), keyword: toks[i].word, language: 'zh' },
        modal: true,
      });
    }
    // definitions: "X是指Y" (jieba writes 是 + 指 or 是指), "X指Y", "X定义为Y"
    for (let i = 1; i < toks.length; i++) {
      let defFrom = -1;
      if (toks[i].word === '是指' || toks[i].word === '定义为' || toks[i].word === '指') defFrom = i + 1;
      else if (toks[i].word === '是' && toks[i + 1]?.word === '指') defFrom = i + 2;
      if (defFrom < 0) continue;
      let a = i;
      while (a > 0 && !CLAUSE_END.test(toks[a - 1].word)) a--;
      const term = toks.slice(a, i);
      let b = defFrom;
      while (b < toks.length && !/^[。；;]$/.test(toks[b].word)) b++;
      const def = toks.slice(defFrom, b);
      if (!term.length || term.length > 6 || !NOUNISH.test(term[term.length - 1].tag) || term.some((t) => PRONOUN.test(t.word)) || def.length < 2) continue;
      const termSpan = { start: term[0].start, end: term[term.length - 1].end };
      const defSpan = { start: def[0].start, end: def[def.length - 1].end };
      drafts.push({
        pattern: 'zh.definition',
        head: entity(docText.slice(termSpan.start, termSpan.end), termSpan, 'term'),
        relation: 'is defined as',
        tail: literal(docText.slice(defSpan.start, defSpan.end), defSpan, 'definition'),
        evidence: s,
        meta: { language: 'zh' },
      });
      break;
    }
  }
  return finish(drafts, docText);
}
