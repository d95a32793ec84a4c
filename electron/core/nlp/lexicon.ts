// English word knowledge as data: every list is a JSON file in lexicon/ saying what it holds
// ("about") and where it comes from ("source"), read here once into sets. The closed paradigms of
// the grammar (the forms of "be", the articles, ...) are the constants at the end. Nothing in this
// folder knows a corpus: test/nlp/lexicon.test.ts checks every list has its source.
import actAdjectives from './lexicon/act-adjectives.json' with { type: 'json' };
import adjunctPrepositions from './lexicon/adjunct-prepositions.json' with { type: 'json' };
import rolePrepositions from './lexicon/role-prepositions.json' with { type: 'json' };
import bareInfinitiveObjectVerbs from './lexicon/bare-infinitive-object-verbs.json' with { type: 'json' };
import bcp14Keywords from './lexicon/bcp14-keywords.json' with { type: 'json' };
import cataphoric from './lexicon/cataphoric.json' with { type: 'json' };
import catenatives from './lexicon/catenatives.json' with { type: 'json' };
import catenativeQualifiers from './lexicon/catenative-qualifiers.json' with { type: 'json' };
import negativeImplicatives from './lexicon/negative-implicatives.json' with { type: 'json' };
import chainPrepositions from './lexicon/chain-prepositions.json' with { type: 'json' };
import clausePrepositions from './lexicon/clause-prepositions.json' with { type: 'json' };
import conditionalPhrases from './lexicon/conditional-phrases.json' with { type: 'json' };
import codeNouns from './lexicon/code-nouns.json' with { type: 'json' };
import complementNouns from './lexicon/complement-nouns.json' with { type: 'json' };
import complexPrepositions from './lexicon/complex-prepositions.json' with { type: 'json' };
import participlePrepositions from './lexicon/participle-prepositions.json' with { type: 'json' };
import compoundAdjectiveHeads from './lexicon/compound-adjective-heads.json' with { type: 'json' };
import countBounds from './lexicon/count-bounds.json' with { type: 'json' };
import countWords from './lexicon/count-words.json' with { type: 'json' };
import degreeWords from './lexicon/degree-words.json' with { type: 'json' };
import describingQuestionVerbs from './lexicon/describing-question-verbs.json' with { type: 'json' };
import demonstratives from './lexicon/demonstratives.json' with { type: 'json' };
import documentNouns from './lexicon/document-nouns.json' with { type: 'json' };
import expletiveVerbs from './lexicon/expletive-verbs.json' with { type: 'json' };
import functionWords from './lexicon/function-words.json' with { type: 'json' };
import gerundObjectDeterminers from './lexicon/gerund-object-determiners.json' with { type: 'json' };
import invariantNouns from './lexicon/invariant-nouns.json' with { type: 'json' };
import invariantParticiples from './lexicon/invariant-participles.json' with { type: 'json' };
import irregularPlurals from './lexicon/irregular-plurals.json' with { type: 'json' };
import measurementNouns from './lexicon/measurement-nouns.json' with { type: 'json' };
import modalVerbs from './lexicon/modal-verbs.json' with { type: 'json' };
import lightNouns from './lexicon/light-nouns.json' with { type: 'json' };
import lightVerbs from './lexicon/light-verbs.json' with { type: 'json' };
import linkingVerbs from './lexicon/linking-verbs.json' with { type: 'json' };
import months from './lexicon/months.json' with { type: 'json' };
import nameParticles from './lexicon/name-particles.json' with { type: 'json' };
import namingVerbs from './lexicon/naming-verbs.json' with { type: 'json' };
import negation from './lexicon/negation.json' with { type: 'json' };
import inabilityAdjectives from './lexicon/inability-adjectives.json' with { type: 'json' };
import factivePredicates from './lexicon/factive-predicates.json' with { type: 'json' };
import questionComplementVerbs from './lexicon/question-complement-verbs.json' with { type: 'json' };
import timeRelativeNouns from './lexicon/time-relative-nouns.json' with { type: 'json' };
import negativeAdverbialNouns from './lexicon/negative-adverbial-nouns.json' with { type: 'json' };
import objectControlVerbs from './lexicon/object-control-verbs.json' with { type: 'json' };
import permissiveVerbs from './lexicon/permissive-verbs.json' with { type: 'json' };
import modalAdjectives from './lexicon/modal-adjectives.json' with { type: 'json' };
import placeTimePrepositions from './lexicon/place-time-prepositions.json' with { type: 'json' };
import pluralWithoutS from './lexicon/plural-without-s.json' with { type: 'json' };
import pluralPrepositions from './lexicon/plural-prepositions.json' with { type: 'json' };
import reciprocalVerbs from './lexicon/reciprocal-verbs.json' with { type: 'json' };
import jointAdverbs from './lexicon/joint-adverbs.json' with { type: 'json' };
import internalAdjectives from './lexicon/internal-adjectives.json' with { type: 'json' };
import prepositionVariants from './lexicon/preposition-variants.json' with { type: 'json' };
import purposeNouns from './lexicon/purpose-nouns.json' with { type: 'json' };
import purposeMarkers from './lexicon/purpose-markers.json' with { type: 'json' };
import reasonMarkers from './lexicon/reason-markers.json' with { type: 'json' };
import resultMarkers from './lexicon/result-markers.json' with { type: 'json' };
import clauseOpeners from './lexicon/clause-openers.json' with { type: 'json' };
import clauseQuestionWords from './lexicon/clause-question-words.json' with { type: 'json' };
import quantifiers from './lexicon/quantifiers.json' with { type: 'json' };
import quantityNouns from './lexicon/quantity-nouns.json' with { type: 'json' };
import partitiveNouns from './lexicon/partitive-nouns.json' with { type: 'json' };
import conditionNouns from './lexicon/condition-nouns.json' with { type: 'json' };
import queryWords from './lexicon/query-words.json' with { type: 'json' };
import sectionNouns from './lexicon/section-nouns.json' with { type: 'json' };
import selfDeterminers from './lexicon/self-determiners.json' with { type: 'json' };
import selfNouns from './lexicon/self-nouns.json' with { type: 'json' };
import unassertedOpeners from './lexicon/unasserted-openers.json' with { type: 'json' };
import exemplifyingOpeners from './lexicon/exemplifying-openers.json' with { type: 'json' };
import verbSynonyms from './lexicon/verb-synonyms.json' with { type: 'json' };

/** A word list as stored: what it holds, where it comes from, its words (or entries). */
interface WordList {
  about: string;
  source: string;
  words: unknown;
}

/** Every list of lexicon/, by file name (docs and tests read them). */
export const LEXICON: Record<string, WordList> = {
  'act-adjectives': actAdjectives,
  'adjunct-prepositions': adjunctPrepositions,
  'bare-infinitive-object-verbs': bareInfinitiveObjectVerbs,
  'bcp14-keywords': bcp14Keywords,
  cataphoric,
  catenatives,
  'catenative-qualifiers': catenativeQualifiers,
  'negative-implicatives': negativeImplicatives,
  'chain-prepositions': chainPrepositions,
  'code-nouns': codeNouns,
  'complement-nouns': complementNouns,
  'complex-prepositions': complexPrepositions,
  'participle-prepositions': participlePrepositions,
  'compound-adjective-heads': compoundAdjectiveHeads,
  'count-bounds': countBounds,
  'count-words': countWords,
  'degree-words': degreeWords,
  demonstratives,
  'describing-question-verbs': describingQuestionVerbs,
  'document-nouns': documentNouns,
  'expletive-verbs': expletiveVerbs,
  'function-words': functionWords,
  'gerund-object-determiners': gerundObjectDeterminers,
  'invariant-nouns': invariantNouns,
  'invariant-participles': invariantParticiples,
  'irregular-plurals': irregularPlurals,
  'light-nouns': lightNouns,
  'light-verbs': lightVerbs,
  'linking-verbs': linkingVerbs,
  'measurement-nouns': measurementNouns,
  'modal-verbs': modalVerbs,
  months,
  'name-particles': nameParticles,
  'naming-verbs': namingVerbs,
  negation,
  'inability-adjectives': inabilityAdjectives,
  'factive-predicates': factivePredicates,
  'question-complement-verbs': questionComplementVerbs,
  'time-relative-nouns': timeRelativeNouns,
  'negative-adverbial-nouns': negativeAdverbialNouns,
  'object-control-verbs': objectControlVerbs,
  'permissive-verbs': permissiveVerbs,
  'modal-adjectives': modalAdjectives,
  'place-time-prepositions': placeTimePrepositions,
  'plural-prepositions': pluralPrepositions,
  'reciprocal-verbs': reciprocalVerbs,
  'joint-adverbs': jointAdverbs,
  'internal-adjectives': internalAdjectives,
  'preposition-variants': prepositionVariants,
  'plural-without-s': pluralWithoutS,
  'purpose-nouns': purposeNouns,
  'purpose-markers': purposeMarkers,
  'reason-markers': reasonMarkers,
  'result-markers': resultMarkers,
  'clause-openers': clauseOpeners,
  'clause-question-words': clauseQuestionWords,
  quantifiers,
  'quantity-nouns': quantityNouns,
  'partitive-nouns': partitiveNouns,
  'condition-nouns': conditionNouns,
  'query-words': queryWords,
  'role-prepositions': rolePrepositions,
  'section-nouns': sectionNouns,
  'self-determiners': selfDeterminers,
  'self-nouns': selfNouns,
  'unasserted-openers': unassertedOpeners,
  'exemplifying-openers': exemplifyingOpeners,
  'clause-prepositions': clausePrepositions,
  'conditional-phrases': conditionalPhrases,
  'verb-synonyms': verbSynonyms,
};

const set = (list: { words: string[] }): ReadonlySet<string> => new Set(list.words);

/** RFC 2119 keywords in capitals: modal verbs ("the server MAY send"). */
export const BCP14_KEYWORDS = set(bcp14Keywords);
export const NEGATION = set(negation);
/** Adjectives denying the ability to do the act of their infinitive ("unable to verify"). */
export const INABILITY_ADJECTIVES = set(inabilityAdjectives);
/** Factive predicates: "it is ADJ that X" presents X as a fact ("clear", "known"). */
export const FACTIVE_PREDICATES = set(factivePredicates);
/** Verbs whose "if" / "when" clause is their dependent question, not a condition ("check if X"). */
export const QUESTION_COMPLEMENT_VERBS = set(questionComplementVerbs);
/** Nouns of time or case after which "when" opens a relative clause ("the moment when X"). */
export const TIME_RELATIVE_NOUNS = set(timeRelativeNouns);
export const PURPOSE_NOUNS = set(purposeNouns);
/** What opens a clause of purpose, by role (subordinators, predicates before "to"/"for", adjectives of usefulness, verbs of enabling). */
export const PURPOSE_MARKERS: Readonly<Record<'subordinators' | 'predicates' | 'adjectives' | 'enablers', readonly string[]>> = purposeMarkers.words;
/** What opens a clause of reason, by role (subordinators, verbs of origin before "from", participles before "by", phrases naming the reason). */
export const REASON_MARKERS: Readonly<Record<'subordinators' | 'from-verbs' | 'by-participles' | 'openers', readonly string[]>> = reasonMarkers.words;
/** What opens a clause of result (connectives inside a sentence, coordinators after a comma; connectives opening the sentence after the one whose result it gives). */
export const RESULT_MARKERS: Readonly<Record<'connectives' | 'after-comma' | 'sentence-connectives', readonly string[]>> = resultMarkers.words;
/** Subordinators opening a sentence's first clause: of condition (at the start, inside), of another kind. */
export const CLAUSE_OPENERS: Readonly<Record<'condition' | 'condition-inside' | 'other', readonly string[]>> = clauseOpeners.words;
/** A question's words asking a reason, a purpose or a result. */
export const CLAUSE_QUESTION_WORDS: Readonly<Record<'reason-nouns' | 'purpose-nouns' | 'result-nouns' | 'result-verbs' | 'cause-verbs', readonly string[]>> =
  clauseQuestionWords.words;
/** Prepositions of place and time: their phrase after an object is the verb's adjunct, not the object's. */
export const PLACE_TIME_PREPOSITIONS = set(placeTimePrepositions);
export const BARE_INFINITIVE_OBJECT_VERBS = set(bareInfinitiveObjectVerbs);
export const PLURAL_WITHOUT_S = set(pluralWithoutS);
export const NEGATIVE_ADVERBIAL_NOUNS = set(negativeAdverbialNouns);
export const UNASSERTED_OPENERS = set(unassertedOpeners);
/** Adverbials of exemplification as word sequences, longest first ("for example", "for instance"). */
export const EXEMPLIFYING_OPENERS: readonly string[][] = exemplifyingOpeners.words.map((p) => p.split(' ')).sort((a, b) => b.length - a.length);
/** Prepositions that also open a finite clause ("until X is received"). */
export const CLAUSE_PREPOSITIONS = set(clausePrepositions);
/** Complex prepositions and subordinators of condition as word sequences, longest first ("in the case of", "provided that"). */
export const CONDITIONAL_PHRASES: readonly string[][] = conditionalPhrases.words.map((p) => p.split(' ')).sort((a, b) => b.length - a.length);
export const GERUND_OBJECT_DETERMINERS = set(gerundObjectDeterminers);
export const DEGREE_WORDS = set(degreeWords);
export const CATENATIVES = set(catenatives);
/** Catenatives whose to-infinitive is the relation, they its qualifier ("appear", "designed"). */
export const CATENATIVE_QUALIFIERS = set(catenativeQualifiers);
/** Verbs whose to-infinitive's act was not done ("fail to", "refuse to"): their chain stays the relation. */
export const NEGATIVE_IMPLICATIVES = set(negativeImplicatives);
/** Light verbs and their kind: "eventive" (make, perform), "transfer" (provide, give: a "to" phrase names a recipient), "possession" (have: the act may be another's). */
export const LIGHT_VERBS: Readonly<Record<string, 'eventive' | 'transfer' | 'possession'>> = lightVerbs.words as Record<
  string,
  'eventive' | 'transfer' | 'possession'
>;
/** Adjective + preposition whose gerund complement is the subject's act ("responsible for"), "qualifier" where the adjective stays as one. */
export const ACT_ADJECTIVES: Readonly<Record<string, 'act' | 'qualifier'>> = actAdjectives.words as Record<string, 'act' | 'qualifier'>;
/** Words that bound a count, as word sequences, longest first (so "no more than" wins over "more than"): before the number or after it. */
export const COUNT_BOUNDS: { readonly before: readonly string[][]; readonly after: readonly string[][] } = (() => {
  const side = (where: string) =>
    Object.entries(countBounds.words as Record<string, string>)
      .filter(([, at]) => at === where)
      .map(([phrase]) => phrase.split(' '))
      .sort((a, b) => b.length - a.length);
  return { before: side('before'), after: side('after') };
})();
/** Verbs whose past participle is their base form ("set", "put"). */
export const INVARIANT_PARTICIPLES = set(invariantParticiples);
export const CHAIN_PREPOSITIONS = set(chainPrepositions);
export const PLURAL_PREPOSITIONS = set(pluralPrepositions);
/** Adjectives of identity and difference that may compare a plural's members with each other ("A and B use the same key"). */
export const INTERNAL_ADJECTIVES = set(internalAdjectives);
/** Verbs whose act needs two or more together, by base form: "reciprocal" of a coordinated subject, "joining" of a coordinated object (and of a passive's subject). */
export const RECIPROCAL_VERBS: Readonly<Record<string, 'reciprocal' | 'joining'>> = reciprocalVerbs.words as Record<string, 'reciprocal' | 'joining'>;
/** Adverbials of joint action as word sequences, longest first, with the ends they join: "joint" any, "reciprocal" the subject, "unique" the doers. */
export const JOINT_ADVERBS: readonly { words: string[]; kind: 'joint' | 'reciprocal' | 'unique' }[] = Object.entries(
  jointAdverbs.words as Record<string, 'joint' | 'reciprocal' | 'unique'>,
)
  .map(([phrase, kind]) => ({ words: phrase.split(' '), kind }))
  .sort((a, b) => b.words.length - a.words.length);
/** A verb and the commoner verb of its first sense ("utilize" -> "use"). */
export const VERB_SYNONYMS: Readonly<Record<string, string>> = verbSynonyms.words;
/** A preposition and the commoner one of the same role at a relation's end ("within" -> "in"). */
export const PREPOSITION_VARIANTS: Readonly<Record<string, string>> = prepositionVariants.words;
/** A preposition of an adjunct (place, time, manner) and its role: ending a verb's relation it is the triple's qualifier ("stored in" -> "stored"). */
export const ADJUNCT_PREPOSITIONS: Readonly<Record<string, string>> = adjunctPrepositions.words;
/** Prepositions of a role (goal, source, purpose, role, topic): kept in a verb's relation only where the verb selects them (nlp/relation-lemma.ts selectsPreposition). */
export const ROLE_PREPOSITIONS = set(rolePrepositions);
export const QUANTIFIERS = set(quantifiers);
export const SELF_DETERMINERS = set(selfDeterminers);
export const SELF_NOUNS = set(selfNouns);
export const DEMONSTRATIVES = set(demonstratives);
export const CATAPHORIC = set(cataphoric);
export const DOCUMENT_NOUNS = set(documentNouns);
export const SECTION_NOUNS = set(sectionNouns);
export const OBJECT_CONTROL_VERBS = set(objectControlVerbs);
export const PERMISSIVE_VERBS = set(permissiveVerbs);
/** An adjective of possibility or necessity -> the modal it stands for before "for X to" ("possible" -> "can"). */
export const MODAL_ADJECTIVES = new Map<string, string>(Object.entries(modalAdjectives.words));
export const COMPLEMENT_NOUNS = set(complementNouns);
export const NAME_PARTICLES = set(nameParticles);
export const NAMING_VERBS = set(namingVerbs);
export const LIGHT_NOUNS = set(lightNouns);
export const MODAL_VERBS = set(modalVerbs);
export const LINKING_VERBS = set(linkingVerbs);
export const MEASUREMENT_NOUNS = set(measurementNouns);
/** The dimension a unit of measure names ("octet" -> "length"). */
export const UNIT_DIMENSIONS: Readonly<Record<string, string>> = measurementNouns.dimensions;
export const CODE_NOUNS = set(codeNouns);
export const COMPOUND_ADJECTIVE_HEADS = set(compoundAdjectiveHeads);
export const QUANTITY_NOUNS = set(quantityNouns);
/** Light nouns naming a part of their complement's whole ("half of X"): the end keeps the complement. */
export const PARTITIVE_NOUNS = set(partitiveNouns);
/** Nouns naming a list's items as conditions or cases ("the following conditions:"). */
export const CONDITION_NOUNS = set(conditionNouns);
export const EXPLETIVE_VERBS = set(expletiveVerbs);
export const COUNT_WORDS = set(countWords);
export const INVARIANT_NOUNS = set(invariantNouns);
export const IRREGULAR_PLURALS: Readonly<Record<string, string>> = irregularPlurals.words;
export const FUNCTION_WORDS = set(functionWords);
export const QUERY_WORDS = set(queryWords);
/** Verbs that with a bare "what" ask what a thing is or holds, by reading (parts, whole, made, character, cause, purpose, telling), phrasal ones with their particle. */
export type DescribingReading = 'parts' | 'whole' | 'made' | 'character' | 'cause' | 'purpose' | 'telling';
export const DESCRIBING_QUESTION_VERBS: Readonly<Record<string, DescribingReading>> = describingQuestionVerbs.words as Record<string, DescribingReading>;
/** The complex prepositions, each as its words ("by means of" -> ["by", "means", "of"]). */
export const COMPLEX_PREPOSITIONS: readonly string[][] = complexPrepositions.words.map((p) => p.split(' '));
/** Participle (marginal) prepositions after a verb phrase: "based on", "owing to" (relation-form's rel.adjunct). */
export const PARTICIPLE_PREPOSITIONS: readonly string[][] = participlePrepositions.words.map((p) => p.split(' '));
/** The months, each with its abbreviations. */
export const MONTHS: readonly { name: string; abbreviations: string[] }[] = months.words;

// ---- the closed paradigms of English grammar (forms, not vocabulary)

/** Forms of "be" (the clitics "'s", "'re" included). */
export const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', "'s", '’s', "'re"]);
export const HAVE = new Set(['has', 'have', 'had', 'having']);
export const DO = new Set(['do', 'does', 'did']);
export const COORDINATORS = new Set(['and', 'or']);
export const ARTICLES = new Set(['a', 'an', 'the']);
export const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their', 'whose']);
export const FIRST_PERSON = new Set(['we', 'i']);
export const RELATIVE_PRONOUNS = new Set(['that', 'which', 'who']);
export const WH_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'where', 'when', 'why', 'how']);
