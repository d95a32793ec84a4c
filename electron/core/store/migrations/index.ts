import m0001 from './0001_initial';

/** Numbered migrations, applied in order, each once. Append; never edit a released one. */
export const migrations: { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: m0001 },
];
