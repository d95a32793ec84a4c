import { describeStorageError, openDb, schemaVersion, type Db, type OpenOptions } from './db';
import { ClauseLookup } from './clauses';
import { documentExtractions } from './extraction-status';
import { ExportRepository, type ExportCounts, type ExportFilter } from './export';
import { ExtractionGraphWriter } from './extraction';
import { JobRepository } from './jobs';
import { RetrievalRepository } from './retrieval';
import type { DocumentExtraction } from '../../../shared/contract/documents';
import { DocumentRepository } from './documents';
import { GraphRepository } from './graph';
import { SettingsRepository } from './settings';
import { storeStatus } from './status';
import { ChatRepository } from './chat';
import { ConceptRepository } from './concepts';
import { EditRepository } from './edit';
import { EvalRepository } from './eval';
import { ExtractionRepository } from './extraction';
import { PublishRepository } from './publish';
import { ReviewRepository } from './review';
import { SchemaRepository } from './schema-types';
import { StageCacheRepository } from './stage-cache';
import { VectorRepository } from './vectors';
import { VersionRepository } from './versions';

export { openDb, migrate, schemaVersion, currentSchemaVersion, type Db } from './db';
export { StorageError, toStorageError } from './storage-error';
export { normalizeLabel } from './normalize';

/** All repositories over one database. Nothing outside store/ writes SQL. */
export class Store {
  readonly documents: DocumentRepository;
  readonly graph: GraphRepository;
  readonly settings: SettingsRepository;

  constructor(readonly db: Db) {
    this.documents = new DocumentRepository(db);
    this.graph = new GraphRepository(db);
    this.settings = new SettingsRepository(db);
  }

  private readonly repositories = new Map<unknown, unknown>();

  private repository<T>(Repo: new (db: Db) => T): T {
    let r = this.repositories.get(Repo) as T | undefined;
    if (!r) {
      r = new Repo(this.db);
      this.repositories.set(Repo, r);
    }
    return r;
  }

  /** ChatRepository over this database (one instance, made on first use). */
  get chat(): ChatRepository {
    return this.repository(ChatRepository);
  }

  /** ConceptRepository over this database (one instance, made on first use). */
  get concepts(): ConceptRepository {
    return this.repository(ConceptRepository);
  }

  /** EditRepository over this database (one instance, made on first use). */
  get edits(): EditRepository {
    return this.repository(EditRepository);
  }

  /** EvalRepository over this database (one instance, made on first use). */
  get evals(): EvalRepository {
    return this.repository(EvalRepository);
  }

  /** ExtractionRepository over this database (one instance, made on first use). */
  get extraction(): ExtractionRepository {
    return this.repository(ExtractionRepository);
  }

  /** JobRepository over this database: the persisted job queue (one instance, made on first use). */
  get jobs(): JobRepository {
    return this.repository(JobRepository);
  }

  /** RetrievalRepository over this database (one instance, made on first use). */
  get retrieval(): RetrievalRepository {
    return this.repository(RetrievalRepository);
  }

  /** A clause lookup with its own cache of the documents' standard ids (one per retriever). */
  clauseLookup(): ClauseLookup {
    return new ClauseLookup(this.db);
  }

  /** A writer for one extraction run: its statements prepared once, for the run's chunks. */
  extractionGraphWriter(): ExtractionGraphWriter {
    return new ExtractionGraphWriter(this.db);
  }

  /** Each document's extraction status (store/extraction-status.ts), by document id. */
  documentExtractions(docs: { id: number; chunks: number; createdAt: string }[]): Map<number, DocumentExtraction> {
    return documentExtractions(this.db, docs);
  }

  /** What an export with this filter would write: nodes, edges, concept links, provenance. */
  exportCounts(filter: ExportFilter): ExportCounts {
    return new ExportRepository(this.db, filter).counts();
  }

  /** The schema version of the database (0: not migrated yet, e.g. a read-only file of an older app). */
  schemaVersion(): number {
    return schemaVersion(this.db);
  }

  /** A SQLite error of this database as a clear StorageError naming the file (other errors unchanged). */
  describeError(err: unknown, extra: { neededBytes?: number; doing?: string } = {}): unknown {
    return describeStorageError(this.db, err, extra);
  }

  /** PublishRepository over this database (one instance, made on first use). */
  get publishing(): PublishRepository {
    return this.repository(PublishRepository);
  }

  /** ReviewRepository over this database (one instance, made on first use). */
  get review(): ReviewRepository {
    return this.repository(ReviewRepository);
  }

  /** SchemaRepository over this database (one instance, made on first use). */
  get schemaTypes(): SchemaRepository {
    return this.repository(SchemaRepository);
  }

  /** The LLM stage cache (migration 0014; one instance, made on first use). */
  get stageCache(): StageCacheRepository {
    return this.repository(StageCacheRepository);
  }

  /** VectorRepository over this database (one instance, made on first use). */
  get vectors(): VectorRepository {
    return this.repository(VectorRepository);
  }

  /** VersionRepository over this database (one instance, made on first use). */
  get versions(): VersionRepository {
    return this.repository(VersionRepository);
  }

  static open(file: string, options: OpenOptions = {}): Store {
    return new Store(openDb(file, options));
  }

  /** Opened read-only (a file this process may not write, or --read-only): every write fails with a clear error. */
  get readonly(): boolean {
    return this.db.readonly;
  }

  status() {
    return storeStatus(this.db);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
