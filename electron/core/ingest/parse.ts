// One entry point over every parser: bytes in, parsed documents out.
import { detectFormat } from './detect';
import type { ParsedFile } from './types';
import { parsePdf } from './parsers/pdf';
import { parseDocx } from './parsers/docx';
import { parseHtml } from './parsers/html';
import { parseText } from './parsers/text';
import { parseTokenTable, parseConll, parseBioJson, parseSciErc } from './parsers/tokens';
import { parsePassages } from './parsers/passages';

export async function parseFile(file: string, buf: Buffer): Promise<ParsedFile & { detected: string }> {
  const { format, text } = detectFormat(file, buf);
  const t = text ?? '';
  let parsed: ParsedFile;
  switch (format) {
    case 'pdf':
      parsed = await parsePdf(file, buf);
      break;
    case 'docx':
      parsed = await parseDocx(file, buf);
      break;
    case 'html':
      parsed = parseHtml(file, t);
      break;
    case 'markdown':
      parsed = parseText(file, t, true);
      break;
    case 'text':
      parsed = parseText(file, t, false);
      break;
    case 'token-table':
      parsed = parseTokenTable(file, t);
      break;
    case 'conll':
      parsed = parseConll(file, t);
      break;
    case 'bio-json':
      parsed = parseBioJson(file, t);
      break;
    case 'passages':
      parsed = parsePassages(file, t);
      break;
    case 'scierc':
      parsed = parseSciErc(file, t);
      break;
  }
  return { ...parsed, detected: format };
}
