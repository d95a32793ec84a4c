// Fixtures generated in code, so CI needs no system package: a minimal valid PDF writer
// (Helvetica text, several pages, optionally "encrypted") and DOCX through the docx package.
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');

export interface PdfOptions {
  /** Add a Standard security handler whose user password is not empty: readers must ask for it. */
  encrypted?: boolean;
  title?: string;
}

/**
 * A PDF with one page per entry; each page is a list of lines, '' for a paragraph gap.
 * Text is Latin-1 in the standard Helvetica font, 11 pt on 14 pt leading.
 */
export function makePdf(pages: string[][], options: PdfOptions = {}): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const lines of pages) {
    const ops = ['BT', '/F1 11 Tf', '14 TL', '72 740 Td'];
    for (const line of lines) {
      if (line === '') ops.push('0 -10 Td');
      else ops.push(`(${esc(line)}) Tj`, 'T*');
    }
    ops.push('ET');
    const stream = ops.join('\n');
    const contents = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title (${esc(options.title ?? 'Test document')}) /Producer (graphwright tests) >>`);
  const hex = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ((i * 37 + seed * 11) % 256).toString(16).padStart(2, '0')).join('');
  const encrypt = options.encrypted ? add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(32, 1)}> /U <${hex(32, 2)}> /P -44 >>`) : 0;
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  const id = `<${hex(16, 3)}>`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R /ID [${id} ${id}]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A DOCX with a title heading, a section heading, paragraphs and a bulleted list. */
export async function makeDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'EAP Key Management', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('The Extensible Authentication Protocol (EAP) supports multiple authentication methods. '),
              new TextRun({ text: 'Keying material', bold: true }),
              new TextRun(' is exported by EAP methods.'),
            ],
          }),
          new Paragraph({ text: 'Key Hierarchy', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'The Master Session Key (MSK) is at least 64 octets in length.' }),
          new Paragraph({ text: 'Peer authentication', bullet: { level: 0 } }),
          new Paragraph({ text: 'Server authentication', bullet: { level: 0 } }),
          new Paragraph({ text: 'Security Considerations', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({ text: 'Channel bindings prevent the lying NAS problem.' }),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}
