import { openDb, type Db, type OpenOptions } from './db';
import { DocumentRepository } from './documents';
import { GraphRepository } from './graph';
import { SettingsRepository } from './settings';
import { storeStatus } from './status';

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
