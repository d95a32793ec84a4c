// The graphwright command: the same core as the app, from a terminal.
import { main } from './cli/main';

// `graphwright triples --json | head`: a reader that goes away is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`graphwright: ${(err as Error).stack ?? err}\n`);
    process.exitCode = 1;
  },
);
