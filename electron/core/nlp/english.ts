// The one English pipeline of the project (wink-nlp with its lite web model: sentence boundaries,
// part-of-speech tags, lemmas), loaded once on first use; the model ships in node_modules. The
// classic extractor reads sentences with it, retrieval tags and lemmatises questions with it.
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

export type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;

/** The English pipeline (sentence boundaries + POS), created on first use. */
export function englishNlp(): Nlp {
  nlp ??= winkNLP(model, ['sbd', 'pos']);
  return nlp;
}
