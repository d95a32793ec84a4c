// Imported first by main.tsx, before any schema exists. zod 4 compiles a fast parser for each
// object schema with `new Function`, and probes whether it may by calling it once, when the first
// object schema is built; under the window's Content-Security-Policy (no 'unsafe-eval') that probe
// is refused and reported as a CSP violation on every page load. Jitless, zod never probes and
// parses with its interpreter, which the contract's schemas need no faster here.
import { z } from 'zod';

z.config({ jitless: true });
