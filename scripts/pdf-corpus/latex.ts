// The model typeset with LaTeX: as pandoc Markdown (pdflatex through pandoc, a fancyhdr running head
// and "Page N" footer, pipe tables that pandoc makes longtables) and as a two-column article written
// in LaTeX directly (table/tabular with booktabs, since pandoc's longtable cannot sit in two columns).
import type { Block, DocModel, SectionModel, TableModel } from './rfc-model';

/** Markdown text with pandoc's special characters escaped. */
export function mdEscape(s: string): string {
  return s.replace(/([\\`*_{}[\]<>#|$^~@"])/g, '\\$1').replace(/^(\d+)\. /, '$1\\. ');
}

/** LaTeX text with its special characters escaped. */
export function texEscape(s: string): string {
  return s.replace(/[\\{}$&#^_%~<>|]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\textbackslash{}';
      case '^':
        return '\\textasciicircum{}';
      case '~':
        return '\\textasciitilde{}';
      case '<':
        return '\\textless{}';
      case '>':
        return '\\textgreater{}';
      case '|':
        return '\\textbar{}';
      default:
        return `\\${c}`;
    }
  });
}

export interface LatexOptions {
  /** PDF bookmarks from the headings (an outline). */
  outline: boolean;
  /** The title in the PDF's metadata. */
  metadataTitle: boolean;
  /** A table of contents after the cover (dot leaders and page numbers). */
  toc: boolean;
}

/** The caption a table is typeset with (the section it stands in names it). */
export function captionOf(section: SectionModel, table: TableModel, index: number): string {
  const name = `${section.heading.replace(/\.$/, '')} values`.replace(/^./, (c) => c.toUpperCase());
  return table.caption ?? (index === 0 ? name : `${name}, part ${index + 1}`);
}

/** The running head every page carries (fancyhdr): designation, short title, date; footer: author and page. */
function runningHead(model: DocModel, tex: (s: string) => string): string[] {
  return [
    '\\usepackage{fancyhdr}',
    '\\pagestyle{fancy}',
    '\\fancyhf{}',
    `\\lhead{${tex(model.designation)}}`,
    `\\chead{${tex(model.shortTitle)}}`,
    `\\rhead{${tex(model.date)}}`,
    `\\lfoot{${tex(model.authors[0] ?? '')}${model.authors.length > 1 ? ', et al.' : ''}}`,
    `\\cfoot{${tex(model.category)}}`,
    '\\rfoot{Page \\thepage}',
    '\\renewcommand{\\headrulewidth}{0pt}',
  ];
}

/** The pandoc header file: running heads, and the metadata title when asked for. */
export function pandocHeader(model: DocModel, options: LatexOptions): string {
  const lines = runningHead(model, texEscape);
  lines.push('\\usepackage{etoolbox}', '\\AtBeginEnvironment{longtable}{\\small}');
  // pandoc loads the bookmark package, which ignores hyperref's bookmarks=false: no level is deep enough
  if (!options.outline) lines.push('\\makeatletter\\@ifpackageloaded{bookmark}{\\bookmarksetup{depth=-10}}{\\hypersetup{bookmarks=false}}\\makeatother');
  return `${lines.join('\n')}\n`;
}

function mdBlock(b: Block, section: SectionModel, tableIndex: () => number): string {
  switch (b.kind) {
    case 'paragraph':
      return mdEscape(b.text);
    case 'list':
      return b.items.map((i) => `- ${mdEscape(i)}`).join('\n');
    case 'code':
      return ['```', ...b.lines, '```'].join('\n');
    case 'table': {
      const t = b.table;
      const row = (cells: string[]) => `| ${cells.map((c) => mdEscape(c) || ' ').join(' | ')} |`;
      return [row(t.header), `|${t.header.map(() => '---').join('|')}|`, ...t.rows.map(row), '', `: ${mdEscape(captionOf(section, t, tableIndex()))}`].join(
        '\n',
      );
    }
  }
}

/** The model as pandoc Markdown: a cover in raw LaTeX, then headings with their own numbers (not LaTeX's). */
export function toMarkdown(model: DocModel, options: LatexOptions): string {
  const out: string[] = [];
  const cover = [
    '```{=latex}',
    '\\thispagestyle{fancy}',
    '\\noindent',
    ...model.headerLines.map(([l, r]) => `${texEscape(l)}\\hfill ${texEscape(r)}\\\\`),
    '\\vspace{2em}',
    '\\begin{center}',
    `{\\Large\\bfseries ${texEscape(model.title)}\\par}`,
    '\\end{center}',
    '\\vspace{1em}',
    ...(options.toc ? ['\\tableofcontents', '\\clearpage'] : []),
    '```',
  ];
  out.push(cover.join('\n'));
  for (const s of model.sections) {
    const hashes = '#'.repeat(Math.min(s.level, 4));
    out.push(`${hashes} ${s.number ? `${s.number}. ` : ''}${mdEscape(s.heading)} {-}`);
    let n = 0;
    for (const b of s.blocks) out.push(mdBlock(b, s, () => n++));
  }
  return `${out.join('\n\n')}\n`;
}

export function pandocArgs(model: DocModel, options: LatexOptions, header: string): string[] {
  return [
    '-f',
    'markdown-implicit_figures-auto_identifiers',
    '--pdf-engine=pdflatex',
    '-H',
    header,
    '-V',
    'geometry:margin=2.5cm',
    '-V',
    'fontsize=11pt',
    '-V',
    'papersize=a4',
    ...(options.metadataTitle ? ['-V', `title-meta=${model.designation}: ${model.title}`] : []),
    ...(options.outline ? [] : ['-V', 'hyperrefoptions=bookmarks=false']),
  ];
}

/** Section numbers as LaTeX counts them (\section, \subsection, \subsubsection): what a two-column paper prints. */
export function paperSections(model: DocModel): { section: SectionModel; number: string }[] {
  const counters = [0, 0, 0];
  const out: { section: SectionModel; number: string }[] = [];
  for (const s of model.sections) {
    if (!s.number || s.level > 3 || /^[A-Z]/.test(s.number)) continue;
    counters[s.level - 1]++;
    for (let k = s.level; k < 3; k++) counters[k] = 0;
    out.push({ section: s, number: counters.slice(0, s.level).join('.') });
  }
  return out;
}

/** A two-column article in LaTeX: numbered sections, floats with tabular tables and captions. */
export function toTwoColumn(model: DocModel, options: { outline: boolean }): string {
  const out: string[] = [
    '\\documentclass[twocolumn,10pt,a4paper]{article}',
    '\\usepackage[T1]{fontenc}',
    '\\usepackage{lmodern}',
    '\\usepackage[margin=2cm]{geometry}',
    '\\usepackage{booktabs}',
    ...runningHead(model, texEscape),
    `\\usepackage[bookmarks=${options.outline}]{hyperref}`,
    `\\hypersetup{pdftitle={${texEscape(`${model.designation}: ${model.title}`)}}}`,
    `\\title{${texEscape(model.title)}}`,
    `\\author{${texEscape(model.authors.join(', '))}}`,
    `\\date{${texEscape(`${model.designation} -- ${model.date}`)}}`,
    '\\begin{document}',
    '\\maketitle',
    '\\thispagestyle{fancy}',
  ];
  const abstract = model.sections.find((s) => /^abstract$/i.test(s.heading));
  if (abstract)
    out.push(
      '\\begin{abstract}',
      ...abstract.blocks.filter((b) => b.kind === 'paragraph').map((b) => texEscape((b as { text: string }).text)),
      '\\end{abstract}',
    );
  const cmd = ['section', 'subsection', 'subsubsection'];
  for (const { section: s } of paperSections(model)) {
    out.push(`\\${cmd[s.level - 1]}{${texEscape(s.heading)}}`);
    let n = 0;
    for (const b of s.blocks) {
      if (b.kind === 'paragraph') out.push(texEscape(b.text), '');
      else if (b.kind === 'list') out.push('\\begin{itemize}', ...b.items.map((i) => `\\item ${texEscape(i)}`), '\\end{itemize}');
      else if (b.kind === 'code') out.push('{\\footnotesize', '\\begin{verbatim}', ...b.lines.map((l) => l.slice(0, 44)), '\\end{verbatim}', '}');
      else {
        const t = b.table;
        // a table wider than a column spans both (table*, at the top of a page)
        const wide = Math.max(...[t.header, ...t.rows].map((r) => r.join('   ').length)) > 44;
        const env = wide ? 'table*' : 'table';
        out.push(
          `\\begin{${env}}[${wide ? 't' : 'h'}]`,
          '\\centering\\small',
          `\\caption{${texEscape(captionOf(s, t, n++))}}`,
          `\\begin{tabular}{${t.header.map(() => 'l').join('')}}`,
          '\\toprule',
          `${t.header.map((h) => `\\textbf{${texEscape(h)}}`).join(' & ')} \\\\`,
          '\\midrule',
          ...t.rows.map((r) => `${r.map(texEscape).join(' & ')} \\\\`),
          '\\bottomrule',
          '\\end{tabular}',
          `\\end{${env}}`,
        );
      }
    }
  }
  out.push('\\end{document}');
  return `${out.join('\n')}\n`;
}
