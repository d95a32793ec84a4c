// The read commands every later feature fills: status, documents, document, nodes, triples, jobs.
import type { Command } from '../command';
import { UsageError, dbOption, jsonOption, parseId } from '../command';
import { callCore, openCore } from '../open';
import { NodeKind, EdgeStatus } from '../../../shared/schemas';
import { shownRelation } from '../../../shared/relation-label';

const PAGE = 5000;

export const statusCommand: Command = {
  name: 'status',
  usage: 'status --db FILE [--json]',
  summary: 'Counts of documents, chunks, nodes by kind, triples by status, jobs',
  options: { ...dbOption, ...jsonOption },
  async run({ values }, io) {
    const core = openCore(values, { mustExist: true });
    try {
      const s = await callCore(core, 'app.status', {});
      if (values.json) return io.json(s);
      io.out(`documents ${s.documents}\nchunks    ${s.chunks}`);
      io.out(`nodes     entity ${s.nodes.entity}, event ${s.nodes.event}, concept ${s.nodes.concept}, passage ${s.nodes.passage}`);
      io.out(`triples   proposed ${s.triples.proposed}, accepted ${s.triples.accepted}, rejected ${s.triples.rejected}, stale ${s.triples.stale}`);
      io.out(`jobs      queued ${s.jobs.queued}, running ${s.jobs.running}, done ${s.jobs.done}, failed ${s.jobs.failed}, cancelled ${s.jobs.cancelled}`);
    } finally {
      await core.close();
    }
  },
};

export const documentsCommand: Command = {
  name: 'documents',
  usage: 'documents --db FILE [--json]',
  summary: 'List documents',
  options: { ...dbOption, ...jsonOption },
  async run({ values }, io) {
    const core = openCore(values, { mustExist: true });
    try {
      const docs = await callCore(core, 'documents.list', {});
      if (values.json) return io.json(docs);
      if (!docs.length) io.out('no documents');
      for (const d of docs) io.out(`${d.id}\t${d.format}\t${d.language ?? '-'}\t${d.chunks} chunks\t${d.title}`);
    } finally {
      await core.close();
    }
  },
};

export const documentCommand: Command = {
  name: 'document',
  usage: 'document ID --db FILE (--text [--original] | --chunks [--json] | --structure [--json])',
  summary: "Print a document's repaired text, its chunks or its structure (standard, sections, boilerplate, tables, notes and captions)",
  options: {
    ...dbOption,
    ...jsonOption,
    text: { type: 'boolean' },
    original: { type: 'boolean' },
    chunks: { type: 'boolean' },
    structure: { type: 'boolean' },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    const id = parseId(positionals[0], 'document ID');
    if (!values.text && !values.chunks && !values.structure) throw new UsageError('document: give --text, --chunks or --structure');
    const core = openCore(values, { mustExist: true });
    try {
      if (values.structure) {
        const st = await callCore(core, 'documents.structure', { id });
        if (values.json) return io.json(st);
        if (st.standard) io.out(`${st.standard.id}${st.standard.edition ? ` (edition ${st.standard.edition})` : ''}: ${st.standard.title ?? ''}`);
        for (const s of st.sections)
          io.out(`${'  '.repeat(s.level - 1)}${s.number ? `${s.number} ` : ''}${s.heading}${s.annex ? ` (${s.annex})` : ''}\t[${s.start}, ${s.end})`);
        for (const r of st.boilerplate) io.out(`${r.kind}\t[${r.start}, ${r.end})`);
        for (const t of st.tables)
          io.out(
            `table\t${t.caption ?? '(no caption)'}\t${t.header.length} columns, ${t.rows.length} rows${t.page !== null ? `\tpage ${t.page}` : ''}\t[${t.start}, ${t.end})`,
          );
        for (const b of st.blocks) io.out(`${b.kind}\t${b.label}\t[${b.start}, ${b.end})`);
        return;
      }
      if (values.chunks) {
        const chunks = await callCore(core, 'documents.chunks', { id });
        if (values.json) return io.json(chunks);
        for (const c of chunks) io.out(`--- chunk ${c.ordinal} [${c.start}, ${c.end}) page ${c.page ?? '-'} ${c.headingPath.join(' > ')}\n${c.text}`);
        return;
      }
      const doc = await callCore(core, 'documents.get', { id, original: Boolean(values.original) });
      if (values.json) return io.json({ id: doc.id, text: doc.text });
      process.stdout.write(doc.text.endsWith('\n') ? doc.text : `${doc.text}\n`);
    } finally {
      await core.close();
    }
  },
};

export const nodesCommand: Command = {
  name: 'nodes',
  usage: 'nodes --db FILE [--kind entity|event|concept|passage] [--search TEXT] [--json]',
  summary: 'List nodes',
  options: { ...dbOption, ...jsonOption, kind: { type: 'string' }, search: { type: 'string' } },
  async run({ values }, io) {
    let kind: NodeKind | undefined;
    if (values.kind !== undefined) {
      const k = NodeKind.safeParse(values.kind);
      if (!k.success) throw new UsageError(`--kind must be one of ${NodeKind.options.join(', ')}, got ${JSON.stringify(values.kind)}`);
      kind = k.data;
    }
    const core = openCore(values, { mustExist: true });
    try {
      const all = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await callCore(core, 'nodes.list', { kind, search: values.search as string | undefined, limit: PAGE, offset });
        all.push(...page.items);
        if (offset + PAGE >= page.total) break;
      }
      if (values.json) return io.json(all);
      for (const n of all) io.out(`${n.id}\t${n.kind}\t${n.type ?? '-'}\t${n.label}${n.aliases.length ? `\t(${n.aliases.join('; ')})` : ''}`);
    } finally {
      await core.close();
    }
  },
};

export const triplesCommand: Command = {
  name: 'triples',
  usage: 'triples --db FILE [--document ID] [--status proposed|accepted|rejected|stale] [--json]',
  summary: 'List triples with provenance',
  options: { ...dbOption, ...jsonOption, document: { type: 'string' }, status: { type: 'string' } },
  async run({ values }, io) {
    const document = values.document !== undefined ? parseId(values.document as string, '--document') : undefined;
    let status: EdgeStatus | undefined;
    if (values.status !== undefined) {
      const s = EdgeStatus.safeParse(values.status);
      if (!s.success) throw new UsageError(`--status must be one of ${EdgeStatus.options.join(', ')}, got ${JSON.stringify(values.status)}`);
      status = s.data;
    }
    const core = openCore(values, { mustExist: true });
    try {
      const all = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await callCore(core, 'triples.list', { document, status, limit: PAGE, offset });
        all.push(...page.items);
        if (offset + PAGE >= page.total) break;
      }
      if (values.json) {
        return io.json(
          all.map((t) => ({
            id: t.id,
            subject: t.subject,
            relation: t.relation,
            object: t.object,
            stage: t.stage,
            status: t.status,
            confidence: t.confidence,
            engine: t.engine,
            provenance: t.provenance,
            rules: t.rules,
            precision: t.precision,
            qualifiers: t.qualifiers,
            // (an addition, after the keys before it: what a reader shows for the relation, the words as written
            // for a passive written as its lemma; shared/relation-label.ts)
            label: shownRelation(t.relation, t.qualifiers),
          })),
        );
      }
      for (const t of all) io.out(`${t.id}\t${t.status}\t${t.stage}\t${t.subject} | ${shownRelation(t.relation, t.qualifiers)} | ${t.object}`);
    } finally {
      await core.close();
    }
  },
};

export const jobsCommand: Command = {
  name: 'jobs',
  usage: 'jobs --db FILE [--json]',
  summary: 'List recent jobs',
  options: { ...dbOption, ...jsonOption },
  async run({ values }, io) {
    const core = openCore(values, { mustExist: true });
    try {
      const jobs = await callCore(core, 'jobs.list', { limit: 100 });
      if (values.json) return io.json(jobs);
      for (const j of jobs) io.out(`${j.id}\t${j.kind}\t${j.state}\t${j.progress.done}/${j.progress.total}\t${j.title}${j.error ? `\t${j.error}` : ''}`);
    } finally {
      await core.close();
    }
  },
};
