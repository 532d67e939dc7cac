import { inArray } from 'drizzle-orm';
import type { SettingsRepo, StoredSetting } from '../../core/settings/store.ts';
import type { Db } from '../client.ts';
import { settings } from '../schema/settings.ts';

export class SqlSettingsRepo implements SettingsRepo {
  constructor(private readonly db: Db) {}

  async get(key: string): Promise<StoredSetting | undefined> {
    return (await this.getMany([key]))[0];
  }

  async getMany(keys: string[]): Promise<StoredSetting[]> {
    if (keys.length === 0) return [];
    return this.db
      .select({ key: settings.key, value: settings.value, encrypted: settings.encrypted, updatedAt: settings.updatedAt })
      .from(settings)
      .where(inArray(settings.key, keys));
  }

  async put(row: Parameters<SettingsRepo['put']>[0]): Promise<void> {
    const values = { ...row, updatedAt: new Date() };
    await this.db.insert(settings).values(values).onConflictDoUpdate({ target: settings.key, set: values });
  }

  async delete(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return (await this.db.delete(settings).where(inArray(settings.key, keys))).rowsAffected;
  }
}
