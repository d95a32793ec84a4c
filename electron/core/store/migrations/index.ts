import m0001 from './0001_initial';
import m0002 from './0002_extraction';
import m0003 from './0003_lookup_indexes';
import m0004 from './0004_concepts';
import m0005 from './0005_structure';
import m0006 from './0006_eval';
import m0007 from './0007_publish';
import m0008 from './0008_publish_protocol';
import m0009 from './0009_editions';
import m0010 from './0010_redundant_indexes';
import m0011 from './0011_job_owners';
import m0012 from './0012_rules_precision';
import m0013 from './0013_text_pieces';
import m0014 from './0014_llm_stage_cache';
import m0015 from './0015_layout';
import m0016 from './0016_stale_status';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** The migration rebuilds a table (SQLite alters no CHECK in place): run with foreign keys off, checked before commit. */
  foreignKeysOff?: boolean;
}

/** Numbered migrations, applied in order, each once. Append; never edit a released one. */
export const migrations: Migration[] = [
  { version: 1, name: 'initial', sql: m0001 },
  { version: 2, name: 'extraction', sql: m0002 },
  { version: 3, name: 'lookup indexes', sql: m0003 },
  { version: 4, name: 'concepts', sql: m0004 },
  { version: 5, name: 'structure', sql: m0005 },
  { version: 6, name: 'eval', sql: m0006 },
  { version: 7, name: 'publish', sql: m0007 },
  { version: 8, name: 'publish protocol', sql: m0008 },
  { version: 9, name: 'editions', sql: m0009 },
  { version: 10, name: 'redundant indexes', sql: m0010 },
  { version: 11, name: 'job owners', sql: m0011 },
  { version: 12, name: 'rules and precision', sql: m0012 },
  { version: 13, name: 'text pieces', sql: m0013 },
  { version: 14, name: 'llm stage cache', sql: m0014 },
  { version: 15, name: 'layout', sql: m0015 },
  { version: 16, name: 'stale status', sql: m0016, foreignKeysOff: true },
];
