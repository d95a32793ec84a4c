import m0001 from './0001_initial';
import m0002 from './0002_extraction';

/** Numbered migrations, applied in order, each once. Append; never edit a released one. */
export const migrations: { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: m0001 },
  { version: 2, name: 'extraction', sql: m0002 },
];
