// The live system configuration (rate limits, retries, breaker, dead-letter queue):
// defaults from config/default.json, overridden by what an admin saved.
import { invalid } from '../errors.ts';
import { SYSTEM_DEFAULTS, SystemConfigInput, type SystemConfig } from '../model/settings.ts';
import { parseInput } from '../model/validate.ts';
import type { SettingsStore } from './store.ts';

export class SystemConfigStore {
  constructor(private readonly store: SettingsStore) {}

  async get(): Promise<SystemConfig> {
    const raw = await this.store.value('system_config');
    if (!raw) return { ...SYSTEM_DEFAULTS };
    // A stored value from an older version may lack fields or hold stale ones: keep what still validates.
    const saved = SystemConfigInput.safeParse(JSON.parse(raw));
    return { ...SYSTEM_DEFAULTS, ...(saved.success ? saved.data : {}) } as SystemConfig;
  }

  /** Validates against the bounds and merges over the current values. */
  async save(input: unknown, userId: number | null): Promise<SystemConfig> {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) throw invalid('Send the system configuration as a JSON object');
    const changes = parseInput(SystemConfigInput, input);
    const next = { ...(await this.get()), ...changes } as SystemConfig;
    if (next.retry_max_delay < next.retry_initial_delay) {
      throw invalid('retry_max_delay must not be smaller than retry_initial_delay');
    }
    await this.store.set('system_config', JSON.stringify(next), userId);
    return next;
  }
}
