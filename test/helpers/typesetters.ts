// The generated PDF corpus needs pandoc, pdflatex and soffice. CI installs them (.ci/run), so there a
// missing one fails the tests with the install command; on a machine without them the corpus tests
// are skipped, the reason in each skipped test's name (never a silent skip).
import { typesettersMissing } from '../../scripts/pdf-corpus/build';

const missing = typesettersMissing();

/** Why the corpus tests are skipped here, or null when they run (always on CI). */
export const corpusSkipReason: string | null = missing && !process.env.CI ? `skipped: ${missing}` : null;
if (corpusSkipReason) console.warn(`the typeset PDF corpus tests are ${corpusSkipReason}`);

/** Throws, naming the install command, when a typesetter is missing (CI's case). */
export function requireTypesetters(): void {
  if (missing) throw new Error(missing);
}
