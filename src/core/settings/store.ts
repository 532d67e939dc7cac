// Reads and writes settings: the environment wins over the database; secrets are
// encrypted before they reach the repository and decrypted only when used.
import type { SecretCipher } from './cipher.ts';
import { SETTINGS, type SettingKey } from './catalog.ts';

export interface StoredSetting {
  key: string;
  value: string;
  encrypted: boolean;
  updatedAt: Date;
}

export interface SettingsRepo {
  get(key: string): Promise<StoredSetting | undefined>;
  getMany(keys: string[]): Promise<StoredSetting[]>;
  put(setting: { key: string; value: string; encrypted: boolean; category: string; description: string; updatedBy: number | null }): Promise<void>;
  delete(keys: string[]): Promise<number>;
}

export type SettingSource = 'environment' | 'database';

export interface SettingState {
  value: string | undefined;
  source: SettingSource | undefined;
  updatedAt: Date | undefined;
}

type Env = Record<string, string | undefined>;

export class SettingsStore {
  constructor(
    private readonly repo: SettingsRepo,
    private readonly cipher: SecretCipher,
    private readonly env: Env,
  ) {}

  async state(key: SettingKey): Promise<SettingState> {
    return (await this.states([key]))[key]!;
  }

  /** Several settings in one query, each with where its value came from. */
  async states<K extends SettingKey>(keys: K[]): Promise<Record<K, SettingState>> {
    const rows = new Map((await this.repo.getMany(keys)).map((row) => [row.key, row]));
    const result = {} as Record<K, SettingState>;
    for (const key of keys) {
      const envName = (SETTINGS[key] as { env?: string }).env;
      const fromEnv = envName ? this.env[envName] : undefined;
      const row = rows.get(key);
      if (fromEnv) result[key] = { value: fromEnv, source: 'environment', updatedAt: undefined };
      else if (row) result[key] = { value: row.encrypted ? this.cipher.decrypt(row.value) : row.value, source: 'database', updatedAt: row.updatedAt };
      else result[key] = { value: undefined, source: undefined, updatedAt: undefined };
    }
    return result;
  }

  async value(key: SettingKey): Promise<string | undefined> {
    return (await this.state(key)).value;
  }

  async set(key: SettingKey, value: string, updatedBy: number | null = null): Promise<void> {
    const spec = SETTINGS[key];
    await this.repo.put({
      key,
      value: spec.secret ? this.cipher.encrypt(value) : value,
      encrypted: spec.secret,
      category: spec.category,
      description: spec.description,
      updatedBy,
    });
  }

  async delete(...keys: SettingKey[]): Promise<number> {
    return this.repo.delete(keys);
  }
}
