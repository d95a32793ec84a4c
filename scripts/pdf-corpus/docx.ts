// The model as a Word document (the docx package), for LibreOffice to convert to PDF: Heading 1-4
// styles with the numbers typed in (ISO style, no trailing dot), a running head and a "Page N"
// footer, a footnote, tables with a bold header row repeated on each page and a caption above.
import {
  AlignmentType,
  Document,
  FootnoteReferenceRun,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from 'docx';
import type { DocModel } from './rfc-model';
import { captionOf } from './latex';

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4];

export interface DocxOptions {
  /** Two text columns (a Word section's columns). */
  columns: 1 | 2;
}

/** The section numbers a DOCX prints: the RFC's without the trailing dot, an appendix as "Annex A". */
export const docxNumber = (n: string | null) => (n && /^[A-Z]$/.test(n) ? `Annex ${n}` : n);

export async function toDocx(model: DocModel, options: DocxOptions): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [
    new Paragraph({ children: [new TextRun({ text: model.designation, bold: true, size: 40 })] }),
    new Paragraph({ spacing: { before: 240, after: 240 }, children: [new TextRun({ text: model.title, bold: true, size: 32 })] }),
    new Paragraph({ children: [new TextRun(`Category: ${model.category}`)] }),
    new Paragraph({ children: [new TextRun(model.date)] }),
    new Paragraph({ spacing: { after: 360 }, children: [new TextRun(model.authors.join(', '))] }),
  ];
  let footnoteUsed = false;
  let tableNumber = 0;
  for (const s of model.sections) {
    children.push(new Paragraph({ heading: HEADINGS[Math.min(s.level, 4) - 1], text: `${s.number ? `${docxNumber(s.number)} ` : ''}${s.heading}` }));
    let n = 0;
    for (const b of s.blocks) {
      if (b.kind === 'paragraph') {
        const runs: (TextRun | FootnoteReferenceRun)[] = [new TextRun(b.text)];
        // one footnote, on the first paragraph of the first numbered section
        if (!footnoteUsed && s.number) {
          runs.push(new FootnoteReferenceRun(1));
          footnoteUsed = true;
        }
        children.push(new Paragraph({ spacing: { after: 120 }, children: runs }));
      } else if (b.kind === 'list') {
        for (const item of b.items) children.push(new Paragraph({ text: item, bullet: { level: 0 } }));
      } else if (b.kind === 'code') {
        for (const line of b.lines) children.push(new Paragraph({ children: [new TextRun({ text: line || ' ', font: 'Courier New', size: 16 })] }));
      } else {
        const t = b.table;
        tableNumber++;
        children.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 120, after: 60 },
            children: [new TextRun({ text: `Table ${tableNumber} – ${captionOf(s, t, n++)}`, bold: true })],
          }),
        );
        const cell = (text: string, bold: boolean) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold, size: 18 })] })] });
        children.push(
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({ tableHeader: true, children: t.header.map((h) => cell(h, true)) }),
              ...t.rows.map((r) => new TableRow({ children: r.map((c) => cell(c, false)) })),
            ],
          }),
        );
        children.push(new Paragraph({ text: '' }));
      }
    }
  }
  const doc = new Document({
    title: `${model.designation}: ${model.title}`,
    footnotes: { 1: { children: [new Paragraph('Typeset from the RFC text for the Graphwright test corpus.')] } },
    sections: [
      {
        properties: options.columns === 2 ? { column: { count: 2, space: 567 } } : {},
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                tabStops: [{ type: TabStopType.RIGHT, position: 9000 }],
                children: [new TextRun(`${model.designation} — ${model.shortTitle}`), new TextRun({ children: ['\t', model.date] })],
              }),
            ],
          }),
        },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['Page ', PageNumber.CURRENT] })] })],
          }),
        },
        children,
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}
