// A real IMAP server for the reply-polling tests: Dovecot in the foreground on 127.0.0.1,
// with its config, state, logs and maildirs in a temp directory, one passwd-file user,
// plain-text login and no TLS. Nothing touches the system's own Dovecot.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.ts';

export const DOVECOT_BIN = '/usr/sbin/dovecot';
/** Why the IMAP tests cannot run here, or undefined when they can. */
export const dovecotMissing = existsSync(DOVECOT_BIN) ? undefined : `${DOVECOT_BIN} is not installed (apt-get install dovecot-imapd; npm test installs it: scripts/test-prereqs.sh)`;

export interface Dovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Dovecot's stderr and log file, for a failing test's message. */
  log(): string;
  stop(): Promise<void>;
}

function config(dir: string, port: number): string {
  const me = userInfo();
  // Dovecot refuses root for logins and for mail access: as root (CI), the package's own
  // dovecot/dovenull users take those roles; otherwise everything runs as the current user.
  const root = me.uid === 0;
  const internal = root ? 'dovecot' : me.username;
  const login = root ? 'dovenull' : me.username;
  const mailUser = root ? 'dovecot' : me.username;
  return `
instance_name = outreach-test-${port}
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_verbose = yes
auth_failure_delay = 0
default_internal_user = ${internal}
default_login_user = ${login}
first_valid_uid = 1
first_valid_gid = 1
mail_uid = ${mailUser}
mail_gid = ${mailUser}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
# No growing delay after the tests' deliberate failed logins.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

/** Resolves once the server sends its IMAP greeting. */
function greeted(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('* OK'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startDovecot(user = 'replies', password = 'imap-test-password'): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-dovecot-'));
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  // As root the auth process (user dovecot) reads the users file and mail is written as dovecot.
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'mail'), 0o777);
  const port = await freePort();
  const me = userInfo();
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}::::${dir}/mail/${user}::\n`);
  writeFileSync(join(dir, 'dovecot.conf'), config(dir, port));

  let stderr = '';
  let exited: number | null | undefined;
  const child: ChildProcess = spawn(DOVECOT_BIN, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.once('exit', (code) => (exited = code));
  // If the test process dies without stop(), do not leave a server behind.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const log = () => [stderr, existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : ''].join('\n').trim();

  const deadline = Date.now() + 15_000;
  while (!(await greeted(port))) {
    if (exited !== undefined || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`dovecot did not start (${exited !== undefined ? `exit ${exited}` : 'timeout'}):\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    log,
    stop: async () => {
      process.off('exit', orphanGuard);
      if (exited === undefined) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (exited === undefined) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
