// Loads config/default.json (every default and bound in one place) and applies the
// environment on top. Nothing else in the code reads process.env for settings.
import defaults from '../config/default.json' with { type: 'json' };
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { parseTrustedProxies, type ProxyRange } from './client-address.ts';
import { WEB_DIST } from './paths.ts';

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
  /** The largest lead list one upload may be (it streams; this bounds the time and disk it takes). */
  importLimitBytes: number;
  /** Reverse proxies whose X-Forwarded-For names the client (OUTREACH_TRUSTED_PROXIES). */
  trustedProxies: ProxyRange[];
  admin?: { username: string; password: string };
  webDist: string;
  /** Where recipients reach this server: the base of tracking and unsubscribe links. */
  publicUrl: string;
  /** Endpoints of the paid services (tests and proxies point them elsewhere). */
  providerUrls: { serpapi: string; googleCse: string; gemini: string; brevo: string; resend: string; pagespeed: string; googleOauthToken: string };
  /** The DNS server (host:port) recipient checks ask (OUTREACH_DNS_SERVER); undefined: the system's. */
  dnsServer?: string;
  /** The sandbox web (ports 0 = pick free ones, e.g. in tests). */
  sandbox: { seed: string; sites: number; httpPort: number; httpsPort: number };
  /** The environment as loaded: settings read their overrides (OUTREACH_SERPAPI_KEY, ...) from it. */
  env: Env;
}

export type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

function portNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${raw}"`);
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
    port: portNumber(env, 'PORT', defaults.server.port),
    host: env.HOST || defaults.server.host,
    dbUrl: env.OUTREACH_DB_URL || `file:${resolve(dataDir, 'outreach.db')}`,
    dbAuthToken: env.OUTREACH_DB_AUTH_TOKEN || undefined,
    dataDir,
    secretKey: env.OUTREACH_SECRET_KEY || undefined,
    dnsServer: dnsServer(env.OUTREACH_DNS_SERVER),
    tokenTtlHours: positiveNumber(env, 'OUTREACH_TOKEN_TTL_HOURS', defaults.auth.token_ttl_hours),
    bodyLimitBytes: defaults.server.body_limit_bytes,
    importLimitBytes: defaults.leads.import_max_upload_bytes,
    trustedProxies: parseTrustedProxies(env.OUTREACH_TRUSTED_PROXIES ?? defaults.server.trusted_proxies.join(',')),
    admin,
    webDist: WEB_DIST,
    publicUrl: publicUrl(env, portNumber(env, 'PORT', defaults.server.port)),
    providerUrls: {
      serpapi: env.OUTREACH_SERPAPI_BASE_URL || defaults.providers.serpapi_base_url,
      googleCse: env.OUTREACH_GOOGLE_CSE_BASE_URL || defaults.providers.google_cse_base_url,
      gemini: env.OUTREACH_GEMINI_BASE_URL || defaults.providers.gemini_base_url,
      brevo: env.OUTREACH_BREVO_BASE_URL || defaults.providers.brevo_base_url,
      resend: env.OUTREACH_RESEND_BASE_URL || defaults.providers.resend_base_url,
      pagespeed: env.OUTREACH_PAGESPEED_BASE_URL || defaults.providers.pagespeed_base_url,
      googleOauthToken: env.OUTREACH_GOOGLE_OAUTH_TOKEN_URL || defaults.providers.google_oauth_token_url,
    },
    sandbox: {
      seed: env.OUTREACH_SANDBOX_SEED || defaults.sandbox.seed,
      sites: positiveNumber(env, 'OUTREACH_SANDBOX_SITES', defaults.sandbox.sites),
      httpPort: portNumber(env, 'OUTREACH_SANDBOX_PORT', defaults.sandbox.http_port),
      httpsPort: portNumber(env, 'OUTREACH_SANDBOX_HTTPS_PORT', defaults.sandbox.https_port),
    },
    env: { ...env },
  };
}

function publicUrl(env: Env, port: number): string {
  const raw = env.OUTREACH_PUBLIC_URL || `http://localhost:${port}`;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin + url.pathname.replace(/\/+$/, '');
  } catch {
    throw new Error(`OUTREACH_PUBLIC_URL must be an http(s) URL, got "${raw}"`);
  }
}

/** '127.0.0.1:5353', '[::1]:53', '10.0.0.2' (port 53): what node:dns's setServers takes. */
function dnsServer(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const m = /^(?:([\d.]+)|\[([0-9a-f:]+)\])(?::(\d{1,5}))?$/i.exec(raw);
  const ok = m && (m[1] ? isIP(m[1]) === 4 : isIP(m[2]) === 6) && (m[3] === undefined || (Number(m[3]) >= 1 && Number(m[3]) <= 65535));
  if (!ok) throw new Error(`OUTREACH_DNS_SERVER must be an IP address with an optional port (1.2.3.4:53, [::1]:53), got "${raw}"`);
  return raw;
}
