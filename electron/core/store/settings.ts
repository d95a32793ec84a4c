import type { Db } from './db';
import { parseJson } from './db';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  get<T = unknown>(key: string, fallback?: T): T | undefined {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? parseJson<T>(row.value, fallback as T) : fallback;
  }

  set(key: string, value: unknown): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, JSON.stringify(value ?? null));
  }
}
