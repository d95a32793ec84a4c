import { openDb, type Db, type OpenOptions } from './db';
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
