// The graphwright command: the same core as the app, from a terminal.
import { main } from './cli/main';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`graphwright: ${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  },
);
