// What a reader shows for a triple's relation. The extractor writes a relation in its lemma form, one
// string per notion (docs/extraction.md, pass 7), and keeps the words as written as its label
// (TripleQualifiers.surface). A participle written as its verb's lemma (rule rel.voice) keeps its voice
// apart: there the relation alone would state the patient as the doer ("X | send to | Y" for "X is sent
// to Y"), so a reader shows the words as written, or the voice beside the relation.

/** What of a triple's qualifiers (or a Graph edge) the label needs: the words as written and the voice. */
export interface RelationWording {
  surface?: string;
  voice?: 'passive';
}

/** The relation as a reader shows it: the words as written for a passive written as its lemma, else the relation. */
export function shownRelation(relation: string, q: RelationWording | undefined): string {
  return q?.voice === 'passive' && q.surface ? q.surface : relation;
}

/** The relation with its voice and its words as written, for a title or a tooltip ("send to (passive; as written: is sent to)"). */
export function relationTitle(relation: string, q: RelationWording | undefined): string {
  const notes = [q?.voice, q?.surface && q.surface !== relation ? `as written: ${q.surface}` : undefined].filter(Boolean);
  return notes.length ? `${relation} (${notes.join('; ')})` : relation;
}

/**
 * A Graph edge's words (GraphViewEdge: its label is the words as written): its relation (the lemma form, what
 * filters and edits name), what its drawn label shows, and its tooltip.
 */
export function edgeWording(e: { relation: string; label?: string; voice?: 'passive' }): { relation: string; shown: string; title: string } {
  const q = { surface: e.label, voice: e.voice };
  return { relation: e.relation, shown: shownRelation(e.relation, q), title: relationTitle(e.relation, q) };
}
