// graphwright models: list, inspect, add, choose and download GGUF models.
import fs from 'node:fs';
import path from 'node:path';
import type { CliIO, Command } from '../command';
import { UsageError, dbOption, jsonOption } from '../command';
import { callCore, openCore } from '../open';
import { ModelRole, type ModelEntry } from '../../../shared/contract/models';
import { estimateFit, RECOMMENDED_MODELS, summarize } from '../../core/llm/models';
import { readGgufInfo } from '../../core/llm/gguf/reader';
import { detectMemory } from '../../core/llm/runtime';
import { downloadModel, partPath } from '../../core/llm/download';

const USAGE = [
  'models list [--db FILE] [--json]',
  'models info FILE [--json]',
  'models add FILE|FOLDER [--db FILE] [--json]',
  'models remove FILE|FOLDER [--db FILE]',
  'models choose extraction|chat|embedding FILE [--db FILE]   (or --endpoint URL --model NAME [--api-key KEY], or --clear)',
  'models download URL [--sha256 HEX] [--name FILE.gguf] [--dir FOLDER] [--db FILE] [--json]',
  'models recommended [--json]',
].join('\n       graphwright ');

const mb = (n: number) => (n >= 2 ** 30 ? `${(n / 2 ** 30).toFixed(1)} GB` : `${(n / 2 ** 20).toFixed(1)} MB`);

function describe(m: ModelEntry): string {
  if (!m.info) return `${m.fileName}\n  ${m.path}\n  unusable: ${m.error}`;
  const i = m.info;
  const lines = [
    `${m.fileName}${m.roles.length ? `  [${m.roles.join(', ')}]` : ''}`,
    `  path          ${m.path}`,
    `  architecture  ${i.architecture}${i.name ? ` (${i.name})` : ''}${i.isEmbedding ? ', embedding model' : ''}`,
    `  parameters    ${i.parameters}`,
    `  quantization  ${i.quantization}`,
    `  context       ${i.contextLength ?? '?'} tokens`,
    `  embedding     ${i.embeddingLength ?? '?'} dimensions, ${i.blockCount ?? '?'} layers`,
    `  chat template ${i.chatTemplate ? `yes (${i.chatTemplate.length} chars)` : 'none'}`,
    `  size          ${mb(m.sizeBytes)}`,
  ];
  if (m.fit) lines.push(`  memory        ${m.fit.fits ? '' : 'DOES NOT FIT: '}${m.fit.note}`);
  return lines.join('\n');
}

function row(m: ModelEntry): string {
  if (!m.info) return `${m.fileName}\t-\t-\t-\t-\t${mb(m.sizeBytes)}\tunusable: ${m.error}`;
  const fit = m.fit ? (m.fit.fits ? m.fit.where : 'too large') : '-';
  return `${m.fileName}\t${m.info.architecture}\t${m.info.parameters}\t${m.info.quantization}\t${m.info.contextLength ?? '-'}\t${mb(m.sizeBytes)}\t${fit}${m.roles.length ? `\t[${m.roles.join(', ')}]` : ''}`;
}

async function download(url: string, values: Record<string, unknown>, io: CliIO): Promise<number> {
  if (values.sha256 !== undefined && !/^[0-9a-fA-F]{64}$/.test(String(values.sha256))) throw new UsageError('--sha256 must be 64 hex digits');
  const core = openCore(values);
  let plan;
  try {
    plan = core.models.planDownload({
      url,
      sha256: values.sha256 as string | undefined,
      fileName: values.name as string | undefined,
      folder: values.dir as string | undefined,
    });
  } finally {
    await core.close();
  }
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const resuming = fs.existsSync(partPath(plan.dest));
  if (!values.json) io.err(`${resuming ? 'resuming' : 'downloading'} ${plan.url}\n  -> ${plan.dest}`);
  let lastAt = 0;
  const tty = process.stderr.isTTY;
  try {
    const result = await downloadModel({
      url: plan.url,
      dest: plan.dest,
      sha256: plan.sha256,
      signal: controller.signal,
      onProgress: (done, total) => {
        const now = Date.now();
        if (values.json || now - lastAt < (tty ? 200 : 5000)) return;
        lastAt = now;
        const text = total ? `${mb(done)} of ${mb(total)} (${Math.floor((done / total) * 100)}%)` : mb(done);
        if (tty) process.stderr.write(`\r  ${text}   `);
        else io.err(`  ${text}`);
      },
    });
    if (tty && !values.json) process.stderr.write('\n');
    // Remember files downloaded outside the scanned folders.
    const core2 = openCore(values);
    try {
      core2.models.registerDownloaded(result.path);
    } finally {
      await core2.close();
    }
    if (values.json) io.json(result);
    else io.out(`${result.path}\n  ${mb(result.sizeBytes)}, sha256 ${result.sha256}`);
    return 0;
  } catch (err) {
    if (tty && !values.json) process.stderr.write('\n');
    if (controller.signal.aborted) {
      io.err(`graphwright models: download paused; run the same command again to resume (${partPath(plan.dest)})`);
      return 130;
    }
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

export const modelsCommand: Command = {
  name: 'models',
  usage: USAGE,
  summary: 'List, inspect, add, choose and download GGUF models',
  options: {
    ...dbOption,
    ...jsonOption,
    sha256: { type: 'string' },
    name: { type: 'string' },
    dir: { type: 'string' },
    endpoint: { type: 'string' },
    model: { type: 'string' },
    'api-key': { type: 'string' },
    clear: { type: 'boolean' },
  },
  positionals: true,
  async run({ values, positionals }, io) {
    const [sub, ...args] = positionals;
    const one = (what: string) => {
      if (args.length !== 1) throw new UsageError(`models ${sub}: give exactly one ${what}`);
      return args[0];
    };
    switch (sub) {
      case 'list': {
        if (args.length) throw new UsageError('models list takes no arguments');
        const core = openCore(values);
        try {
          const list = await callCore(core, 'models.list', {});
          if (values.json) return io.json(list);
          const m = list.memory;
          io.out(
            `machine: ${m.backend}${m.vramTotalBytes ? `, ${mb(m.vramFreeBytes)} of ${mb(m.vramTotalBytes)} VRAM free` : ''}, ${mb(m.ramTotalBytes)} RAM${m.note ? ` (${m.note})` : ''}`,
          );
          for (const f of list.folders) io.out(`folder (${f.source}): ${f.path}${f.exists ? '' : ' (missing)'}`);
          for (const role of ModelRole.options) {
            const c = list.choices[role];
            io.out(`${role}: ${c ? (c.kind === 'llama' ? c.path : `${c.model} at ${c.baseUrl}`) : '(none)'}`);
          }
          if (!list.models.length) io.out('no models found: add one with "graphwright models add FILE" or download one');
          else io.out('');
          for (const e of list.models) io.out(row(e));
        } finally {
          await core.close();
        }
        return;
      }
      case 'info': {
        const file = path.resolve(one('FILE'));
        if (!fs.existsSync(file)) throw new UsageError(`file not found: ${file}`);
        // No database needed: read the header, estimate against this machine.
        const info = await readGgufInfo(file);
        const stat = fs.statSync(file);
        const entry: ModelEntry = {
          path: file,
          fileName: path.basename(file),
          source: 'user',
          sizeBytes: stat.size,
          modifiedAt: stat.mtime.toISOString(),
          info: summarize(info),
          error: null,
          fit: estimateFit(info, await detectMemory()),
          roles: [],
        };
        if (values.json) return io.json(entry);
        io.out(describe(entry));
        return;
      }
      case 'add': {
        const target = one('FILE or FOLDER');
        if (!fs.existsSync(target)) throw new UsageError(`not found: ${path.resolve(target)}`);
        const core = openCore(values);
        try {
          const added = await callCore(core, 'models.add', { path: target });
          if (values.json) return io.json(added);
          io.out(`added ${added.kind} ${added.path}`);
          for (const e of added.models) io.out(describe(e));
        } finally {
          await core.close();
        }
        return;
      }
      case 'remove': {
        const target = one('FILE or FOLDER');
        const core = openCore(values);
        try {
          const r = await callCore(core, 'models.remove', { path: path.resolve(target) });
          if (values.json) return io.json(r);
          io.out(
            r.removed ? `removed ${path.resolve(target)} from the list (the file stays on disk)` : `${path.resolve(target)} was not in the list of added paths`,
          );
        } finally {
          await core.close();
        }
        return;
      }
      case 'choose': {
        const role = ModelRole.safeParse(args[0]);
        if (!role.success) throw new UsageError(`models choose: the role must be one of ${ModelRole.options.join(', ')}, got ${JSON.stringify(args[0] ?? '')}`);
        const file = args[1];
        const endpoint = values.endpoint as string | undefined;
        if ([file !== undefined, endpoint !== undefined, Boolean(values.clear)].filter(Boolean).length !== 1) {
          throw new UsageError('models choose: give a FILE, or --endpoint URL --model NAME, or --clear');
        }
        if (endpoint !== undefined && !values.model) throw new UsageError('models choose: --endpoint needs --model NAME');
        if (file !== undefined && !fs.existsSync(file)) throw new UsageError(`file not found: ${path.resolve(file)}`);
        const core = openCore(values);
        try {
          const choices = await callCore(core, 'models.choose', {
            role: role.data,
            ...(values.clear ? { path: null } : {}),
            ...(file !== undefined ? { path: path.resolve(file) } : {}),
            ...(endpoint !== undefined
              ? { endpoint: { baseUrl: endpoint, model: String(values.model), ...(values['api-key'] ? { apiKey: String(values['api-key']) } : {}) } }
              : {}),
          });
          if (values.json) return io.json(choices);
          const c = choices[role.data];
          io.out(`${role.data}: ${c ? (c.kind === 'llama' ? c.path : `${c.model} at ${c.baseUrl}`) : '(none)'}`);
        } finally {
          await core.close();
        }
        return;
      }
      case 'download':
        return download(one('URL'), values, io);
      case 'recommended': {
        if (values.json) return io.json(RECOMMENDED_MODELS);
        for (const r of RECOMMENDED_MODELS) io.out(`${r.name}  [${r.role}, ~${mb(r.sizeBytes)}]\n  ${r.description}\n  ${r.url}`);
        return;
      }
      default:
        throw new UsageError(sub ? `unknown models subcommand "${sub}"` : 'models: give a subcommand (list, info, add, remove, choose, download, recommended)');
    }
  },
};
