// Messages between the core (worker-pool.ts) and the ingest worker thread (worker.ts).
import type { ChunkerName } from '../chunk';
import type { NewDocument } from '../store/documents';
import type { ParseLimits } from './parse';
import type { PreparedFile, StoreOutcome } from './pipeline';

export interface PrepareRequest {
  type: 'prepare';
  id: number;
  file: string;
  options: { chunker?: ChunkerName; chunkSize?: number; overlap?: number; skipBadRecords?: boolean; limits?: ParseLimits };
  /** The semantic chunker: the worker asks the core for embeddings ('embed' messages). */
  semantic: boolean;
  /**
   * The database file: a file whose documents are one large transaction (pipeline.ts
   * isLargeTransaction, `large` in place of its sizes) is stored by the worker itself through a
   * connection of its own ('store'), not sent to the core (absent: never).
   */
  storeAt?: { dbPath: string; large?: { chars: number; chunks: number } };
}

export type ToWorker =
  | PrepareRequest
  /** Send the next `count` documents of a prepared file. */
  | { type: 'next'; id: number; count: number }
  /** The core no longer wants this file's documents (it failed to store them). */
  | { type: 'release'; id: number }
  /** Store the prepared file in the database (`storeAt`) in one transaction; the core holds its writes meanwhile. */
  | { type: 'store'; id: number; jobId?: number }
  | { type: 'embedded'; req: number; vectors?: number[][]; error?: WorkerError };

export interface WorkerError {
  name: string;
  message: string;
  /** SQLite's result code ('SQLITE_FULL', ...), so the core describes a storage failure as its own. */
  code?: string;
}

/** A prepared file without its documents (they follow in slices): what it is and how many. */
export type PreparedHeader = Omit<PreparedFile, 'docs'> & {
  count: number;
  threadId: number;
  /** The worker stores this file itself ('store'): its documents do not come to the core. */
  storesItself?: boolean;
};

export type FromWorker =
  | { type: 'ready'; threadId: number }
  | { type: 'prepared'; id: number; header: PreparedHeader }
  | { type: 'docs'; id: number; docs: NewDocument[]; last: boolean }
  | { type: 'failed'; id: number; error: WorkerError }
  | { type: 'stored'; id: number; outcome: StoreOutcome }
  | { type: 'embed'; id: number; req: number; texts: string[] }
  /** Parsed: the documents are being repaired and chunked now (the job's per-file rows). */
  | { type: 'chunking'; id: number };
