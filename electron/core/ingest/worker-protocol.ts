// Messages between the core (worker-pool.ts) and the ingest worker thread (worker.ts).
import type { ChunkerName } from '../chunk';
import type { NewDocument } from '../store/documents';
import type { ParseLimits } from './parse';
import type { PreparedFile } from './pipeline';

export interface PrepareRequest {
  type: 'prepare';
  id: number;
  file: string;
  options: { chunker?: ChunkerName; chunkSize?: number; overlap?: number; skipBadRecords?: boolean; limits?: ParseLimits };
  /** The semantic chunker: the worker asks the core for embeddings ('embed' messages). */
  semantic: boolean;
}

export type ToWorker =
  | PrepareRequest
  /** Send the next `count` documents of a prepared file. */
  | { type: 'next'; id: number; count: number }
  /** The core no longer wants this file's documents (it failed to store them). */
  | { type: 'release'; id: number }
  | { type: 'embedded'; req: number; vectors?: number[][]; error?: WorkerError };

export interface WorkerError {
  name: string;
  message: string;
}

/** A prepared file without its documents (they follow in slices): what it is and how many. */
export type PreparedHeader = Omit<PreparedFile, 'docs'> & { count: number; threadId: number };

export type FromWorker =
  | { type: 'ready'; threadId: number }
  | { type: 'prepared'; id: number; header: PreparedHeader }
  | { type: 'docs'; id: number; docs: NewDocument[]; last: boolean }
  | { type: 'failed'; id: number; error: WorkerError }
  | { type: 'embed'; id: number; req: number; texts: string[] }
  /** Parsed: the documents are being repaired and chunked now (the job's per-file rows). */
  | { type: 'chunking'; id: number };
