import type { Command } from 'commander';
import type { User } from '../../core/model/user.ts';
import { TERMINAL_OPERATOR } from '../../core/users/access.ts';
import { withContext } from '../context.ts';
import { printJson, printLine, printTable } from '../output/print.ts';

/** The input checks (zod schemas) load when a command runs, not for --help. */
const checks = async () => ({ ...(await import('../../core/model/validate.ts')), ...(await import('../../core/model/user.ts')) });

const row = (u: User) => ({
  id: String(u.id),
  username: u.username,
  email: u.email,
  name: u.full_name ?? '',
  role: u.role === 'admin' ? 'Administrator' : 'User',
  status: u.is_active ? 'Active' : 'Inactive',
  'last login': u.last_login ?? 'never',
});

export function registerUsers(program: Command): void {
  const users = program.command('users').description('Manage dashboard accounts (as the terminal operator, with admin rights)');

  users
    .command('create <username>')
    .description('Create an account; without --password a random one is generated and shown once')
    .requiredOption('-e, --email <email>', 'email address')
    .option('-p, --password <password>', 'password (at least 8 characters)')
    .option('-n, --full-name <name>', 'full name')
    .option('-r, --role <role>', "'admin' or 'user'", 'user')
    .option('--json', 'print the new user as JSON')
    .action((username: string, opts: { email: string; password?: string; fullName?: string; role: string; json?: boolean }) =>
      withContext(async (ctx) => {
        const { generatePassword } = await import('../../core/users/passwords.ts'); // argon2: native, loaded when used
        const { parseInput, CreateUserInput } = await checks();
        const password = opts.password ?? generatePassword();
        const input = parseInput(CreateUserInput, {
          username,
          email: opts.email,
          password,
          full_name: opts.fullName,
          role: opts.role,
        });
        const user = await ctx.users.create(TERMINAL_OPERATOR, input);
        if (opts.json) return printJson(opts.password ? user : { ...user, generated_password: password });
        printLine(`Created ${user.role === 'admin' ? 'administrator' : 'user'} "${user.username}" (id ${user.id}).`);
        if (!opts.password) printLine(`Password (shown once): ${password}`);
      }),
    );

  users
    .command('list')
    .description('List accounts')
    .option('--json', 'one JSON object per line')
    .action((opts: { json?: boolean }) =>
      withContext(async (ctx) => {
        const list = await ctx.users.list(TERMINAL_OPERATOR);
        if (opts.json) return list.forEach(printJson);
        printTable(list.map(row), ['id', 'username', 'email', 'name', 'role', 'status', 'last login']);
      }),
    );

  users
    .command('set-password <username>')
    .description("Set an account's password and end its sessions; without --password a random one is shown once")
    .option('-p, --password <password>', 'the new password (at least 8 characters)')
    .action((username: string, opts: { password?: string }) =>
      withContext(async (ctx) => {
        const { generatePassword } = await import('../../core/users/passwords.ts');
        const { parseInput, Password } = await checks();
        const password = parseInput(Password, opts.password ?? generatePassword());
        const user = await ctx.users.findByUsername(username);
        await ctx.users.resetPassword(TERMINAL_OPERATOR, user.id, password);
        printLine(`Password of "${user.username}" changed; their sessions have ended.`);
        if (!opts.password) printLine(`New password (shown once): ${password}`);
      }),
    );

  for (const [name, active] of [['deactivate', false], ['activate', true]] as const) {
    users
      .command(`${name} <username>`)
      .description(active ? 'Allow an account to sign in again' : 'Stop an account from signing in (its sessions end at once)')
      .action((username: string) =>
        withContext(async (ctx) => {
          const user = await ctx.users.findByUsername(username);
          await ctx.users.update(TERMINAL_OPERATOR, user.id, { is_active: active });
          printLine(`"${user.username}" is now ${active ? 'active' : 'inactive'}.`);
        }),
      );
  }
}
