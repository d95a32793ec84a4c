// npm run --silent tiny-model -- PATH [--seed N] [--context TOKENS]
// Writes the tiny random-weight GGUF model (see electron/core/llm/gguf/tiny.ts) and prints its path.
// Same seed, same bytes. Good for running the pipeline without a real model; useless for real answers.
import { parseArgs } from 'node:util';
import { writeTinyModel } from '../electron/core/llm/gguf/tiny';

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { seed: { type: 'string' }, context: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (err) {
    process.stderr.write(`tiny-model: ${(err as Error).message}\nUsage: npm run --silent tiny-model -- PATH [--seed N] [--context TOKENS]\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    (values.help ? process.stdout : process.stderr).write(
      'Usage: npm run --silent tiny-model -- PATH [--seed N] [--context TOKENS]\nWrites the tiny random-weight GGUF test model to PATH.\n',
    );
    return values.help ? 0 : 2;
  }
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)) {
    process.stderr.write(`tiny-model: --seed must be an integer from 0 to 4294967295, got ${JSON.stringify(values.seed)}\n`);
    return 2;
  }
  const contextLength = values.context === undefined ? undefined : Number(values.context);
  if (contextLength !== undefined && (!Number.isInteger(contextLength) || contextLength < 64 || contextLength > 1 << 20)) {
    process.stderr.write(`tiny-model: --context must be an integer from 64 to 1048576, got ${JSON.stringify(values.context)}\n`);
    return 2;
  }
  try {
    process.stdout.write(`${writeTinyModel(positionals[0], { seed, contextLength })}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`tiny-model: cannot write ${positionals[0]}: ${(err as Error).message}\n`);
    return 1;
  }
}

process.exitCode = main();
