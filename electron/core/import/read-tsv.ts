// MetaQA's kb format: one `head|relation|tail` triple per line (a tab works as the separator too).
import { forEachLine } from './errors';
import type { ImportSink } from './sink';

export function readTsv(file: string, sink: ImportSink): void {
  forEachLine(file, (line, lineNo) => {
    if (!line.trim() || line.startsWith('#')) return;
    sink.where = { file, line: lineNo };
    const parts = line.includes('\t') ? line.split('\t') : line.split('|');
    if (parts.length !== 3) sink.fail(`expected head|relation|tail, found ${parts.length} field${parts.length === 1 ? '' : 's'}`);
    const [head, relation, tail] = parts.map((p) => p.trim());
    if (!head || !relation || !tail) sink.fail(`empty ${!head ? 'head' : !relation ? 'relation' : 'tail'}`);
    sink.edge(null, sink.labelNode(head), sink.labelNode(tail), { relation });
  });
}
