// Loads config/default.json (every default and bound in one place) and applies the
// environment on top. Nothing else in the code reads process.env for settings.
import defaults from '../config/default.json' with { type: 'json' };
import { resolve } from 'node:path';

export type Defaults = typeof defaults;

export interface Config {
  defaults: Defaults;
  port: number;
  host: string;
  dbUrl: string;
  dbAuthToken?: string;
  dataDir: string;
  secretKey?: string;
  tokenTtlHours: number;
  bodyLimitBytes: number;
  admin?: { username: string; password: string };
  webDist: string;
}

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

function portNumber(env: Env, fallback: number): number {
  const raw = env.PORT;
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const dataDir = resolve(root, env.OUTREACH_DATA_DIR || defaults.data_dir);
  const admin =
    env.OUTREACH_ADMIN_USERNAME && env.OUTREACH_ADMIN_PASSWORD
      ? { username: env.OUTREACH_ADMIN_USERNAME, password: env.OUTREACH_ADMIN_PASSWORD }
      : undefined;
  return {
    defaults,
    port: portNumber(env, defaults.server.port),
    host: env.HOST || defaults.server.host,
    dbUrl: env.OUTREACH_DB_URL || `file:${resolve(dataDir, 'outreach.db')}`,
    dbAuthToken: env.OUTREACH_DB_AUTH_TOKEN || undefined,
    dataDir,
    secretKey: env.OUTREACH_SECRET_KEY || undefined,
    tokenTtlHours: positiveNumber(env, 'OUTREACH_TOKEN_TTL_HOURS', defaults.auth.token_ttl_hours),
    bodyLimitBytes: defaults.server.body_limit_bytes,
    admin,
    webDist: resolve(import.meta.dirname, '..', 'web', 'dist'),
  };
}
