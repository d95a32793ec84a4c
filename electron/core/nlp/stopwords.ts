// The one stop-word list: English function words (lexicon/function-words.json). Retrieval also drops
// the words a question asks with ("list", "tell", "name": lexicon/query-words.json).
import { FUNCTION_WORDS, QUERY_WORDS } from './lexicon';

export { FUNCTION_WORDS };

/** What a question or passage is matched without: the function words and the words of asking. */
export const STOPWORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...QUERY_WORDS]);
