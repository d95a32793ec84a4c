// A document's identity as an answer to "which document" reads it: the designation a short text is
// (a citation written "RFC 9999", "[RFC9999]", "RFC-9999", "BCP 86", "ITU-T Q.825"), the designation a
// document's title opens with ("RFC 9999: Widget Transport"), and one key for both, so that a cited
// designation can be told apart from the citing document's own.
import { designationIn } from '../../document/structure';
import { designationKey } from '../../retrieve/second-hop';

/** A whole text that is a designation (brackets and surrounding space aside). */
const WHOLE_DESIGNATION =
  /^(?:(?:RFC|BCP|STD|FYI)[\s-]?\d{1,5}|ITU-[TR]\s+(?:Recommendation\s+)?[A-Z]\.\d+(?:\.\d+)*|(?:ISO|IEC|IEEE)(?:\/(?:IEC|ISO|IEEE))?(?:\s+Std\.?)?\s+\d[\w.-]*)$/i;

/** The key of the designation a text is, whole ("[RFC9999]", "RFC 9999"); null when it is anything else ("1661", "RFC 9999 section 3"). */
export function citedDesignation(text: string): string | null {
  const t = text
    .trim()
    .replace(/^[[(]\s*/, '')
    .replace(/\s*[\])]$/, '')
    .trim();
  return WHOLE_DESIGNATION.test(t) ? designationKey(t.replace(/\s+Recommendation\s+/i, ' ')) : null;
}

/** The key of the designation a document's title opens with ("RFC 9999: Widget Transport" -> "RFC9999"); null without one. */
export function ownDesignation(title: string): string | null {
  const id = designationIn(title.trim().replace(/^RFC-(?=\d)/i, 'RFC '));
  return id ? designationKey(id.id) : null;
}

/** A document's title less the designation it opens with ("RFC 9999: Widget Transport" -> "Widget Transport"). */
export function titleWords(title: string): string {
  const id = designationIn(title.trim());
  return id?.title ?? title.replace(/^\s*(?:RFC|BCP|STD|FYI)[\s-]?\d+\s*[:–—-]?\s*/i, '');
}
