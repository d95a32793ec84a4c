import fs from 'node:fs';
import path from 'node:path';
import type { ParseArgsConfig } from 'node:util';
import { EngineName } from '../../shared/contract/engines';

type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Print a value as JSON on stdout (the only thing on stdout with --json). */
  json(value: unknown): void;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec;
  /** Allow positional arguments (paths, ids). */
  positionals?: boolean;
  run(args: { values: Record<string, string | boolean | string[] | boolean[] | undefined>; positionals: string[] }, io: CliIO): Promise<number | void>;
}

/** An error the user caused (a bad argument, a missing file): printed without a stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** --db FILE, and --read-only to open it without writing (also automatic when the file is not writable). */
export const dbOption: OptionSpec = { db: { type: 'string', short: 'd' }, 'read-only': { type: 'boolean' } };
export const jsonOption: OptionSpec = { json: { type: 'boolean' } };

export function requireString(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`--${name} is required`);
  return v;
}

export function parseId(text: string | undefined, what: string): number {
  const n = Number(text);
  if (!text || !Number.isInteger(n) || n <= 0) throw new UsageError(`${what} must be a positive integer, got ${JSON.stringify(text ?? '')}`);
  return n;
}

/** --accepted-only, --document, --no-concepts, --no-provenance, --base: the part of the graph export and publish send. */
export const selectionOptions: OptionSpec = {
  'accepted-only': { type: 'boolean' },
  document: { type: 'string' },
  'no-concepts': { type: 'boolean' },
  'no-provenance': { type: 'boolean' },
  base: { type: 'string' },
};

/** The export selection the options above give; errors name the argument at fault. */
export function parseSelection(values: Record<string, unknown>): {
  acceptedOnly: boolean;
  documentId: number | null;
  concepts: boolean;
  provenance: boolean;
  base?: string;
} {
  const documentId = values.document !== undefined ? parseId(values.document as string, '--document') : null;
  if (values.base !== undefined && !/^[a-z][a-z0-9+.-]*:\S*$/i.test(values.base as string))
    throw new UsageError(`--base must be an absolute IRI, got ${JSON.stringify(values.base)}`);
  return {
    acceptedOnly: Boolean(values['accepted-only']),
    documentId,
    concepts: !values['no-concepts'],
    provenance: !values['no-provenance'],
    ...(values.base ? { base: values.base as string } : {}),
  };
}

/** --engine, --model, --endpoint: how the LLM stages (extract, concepts) pick their engine. */
export const engineOptions: OptionSpec = {
  engine: { type: 'string', short: 'e' },
  model: { type: 'string', short: 'm' },
  endpoint: { type: 'string' },
};

/** Check --engine / --model / --endpoint together; errors name the argument at fault. */
export function parseEngineArgs(values: Record<string, unknown>): { engine: EngineName; model?: string; endpoint?: string } {
  const engines = EngineName.options;
  const engine = ((values.engine as string | undefined) ?? 'classic') as EngineName;
  if (!engines.includes(engine)) throw new UsageError(`--engine must be one of ${engines.join(', ')}, got ${JSON.stringify(values.engine)}`);
  const model = values.model as string | undefined;
  const endpoint = values.endpoint as string | undefined;
  if (engine === 'openai' && endpoint && !model) throw new UsageError('--engine openai needs --model NAME with --endpoint');
  if (engine === 'llama' && model && !fs.existsSync(model)) throw new UsageError(`model file not found: ${path.resolve(model)}`);
  if (endpoint !== undefined && !URL.canParse(endpoint)) throw new UsageError(`--endpoint is not a URL: ${JSON.stringify(endpoint)}`);
  return { engine, model, endpoint };
}
