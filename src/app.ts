// The composition root: the only place that builds the database, repositories and
// services and hands them to a transport (the server or the CLI).
import type { Config } from './config.ts';
import { createDb, migrateDb, prepareDb, type Db } from './db/client.ts';
import { SqlUserRepo } from './db/repos/users.ts';
import { LoginThrottle } from './core/users/login-throttle.ts';
import { UserService } from './core/users/service.ts';
import { TokenSigner } from './core/users/tokens.ts';
import { Secrets } from './secrets.ts';

export interface Context {
  config: Config;
  db: Db;
  users: UserService;
  close(): void;
}

export async function buildContext(config: Config): Promise<Context> {
  const db = createDb(config.dbUrl, config.dbAuthToken);
  await prepareDb(db, config.dbUrl);
  await migrateDb(db);
  const secrets = Secrets.load(config.dataDir, config.secretKey);
  const throttle = config.defaults.auth.login_throttle;
  const users = new UserService(
    new SqlUserRepo(db),
    new TokenSigner(secrets.key('session-tokens'), config.tokenTtlHours),
    new LoginThrottle({
      windowMinutes: throttle.window_minutes,
      maxFailuresPerAccount: throttle.max_failures_per_account,
      maxFailuresPerAddress: throttle.max_failures_per_address,
    }),
  );
  return { config, db, users, close: () => db.$client.close() };
}
