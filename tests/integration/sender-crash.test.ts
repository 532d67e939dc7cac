// kill -9 a sending process while the SMTP server holds one message unanswered, then
// start another: nothing is delivered twice. The interrupted email is not resent blindly;
// it is failed with a note for a human, and the rest go out once each.
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type FakeSmtpServer } from '../fakes/smtp.ts';
import { startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let smtp: FakeSmtpServer;
let env: Record<string, string>;

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', pass: 'mail-secret' });
  env = { OUTREACH_SMTP_URL: smtp.url(), OUTREACH_EMAIL_FROM: 'Pixel Agency <hello@pixel.example>', OUTREACH_POSTAL_ADDRESS: 'Pixel Agency, 1 Main St, Austin, TX 78701', OUTREACH_PUBLIC_URL: 'https://outreach.pixel.example' };
  h = await startHarness(env);
  env = { ...env, OUTREACH_DATA_DIR: h.dir, OUTREACH_DB_URL: `file:${h.dir}/test.db`, OUTREACH_DNS_SERVER: h.dnsServer };
  await h.ctx.settings.system.save({ enable_rate_limiting: false, email_send_delay: 0.5 }, null);
  await h.ctx.settings.saveOptimalTimes({ id: 1, username: 'admin', role: 'admin' } as never, { optimal_times: [] });
});
afterAll(async () => {
  await h.close();
  await smtp.stop();
});

const exec = (sql: string, args: (string | number)[] = []) => h.ctx.db.$client.execute({ sql, args });

async function queue(to: string) {
  const now = Date.now();
  const host = to.replace('@', '.');
  const lead = await exec(
    "INSERT INTO leads (url, hostname, status, tags, services_offered, technology_stack, discovered_at, created_at, updated_at) VALUES (?, ?, 'EMAIL_GENERATED', '[]', '[]', '[]', ?, ?, ?) RETURNING id",
    [`https://${host}/`, host, now, now, now],
  );
  await exec(
    "INSERT INTO emails (lead_id, subject, body, recipient_email, status, open_count, click_count, created_at, updated_at) VALUES (?, 'Hello', 'Hello there.', ?, 'QUEUED', 0, 0, ?, ?)",
    [Number(lead.rows[0].id), to, now, now],
  );
}

async function until(check: () => boolean | Promise<boolean>, ms = 30_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('a sender killed mid-send', () => {
  it('never delivers an address twice after a restart', async () => {
    const addresses = ['a@one.example', 'b@two.example', 'held@three.example', 'd@four.example', 'e@five.example'];
    for (const to of addresses) await queue(to);
    smtp.holdRecipients.add('held@three.example');

    const first = execa('node', ['bin/outreach.js', 'emails', 'send'], { env, reject: false });
    // The server has the whole message but has not answered: the worst moment to die.
    await until(() => smtp.messages.some((m) => m.to.includes('held@three.example')));
    first.kill('SIGKILL');
    await first;
    const stuck = await exec("SELECT status FROM emails WHERE recipient_email = 'held@three.example'");
    expect(stuck.rows[0].status).toBe('SENDING');

    smtp.holdRecipients.clear();
    const second = await execa('node', ['bin/outreach.js', 'emails', 'send', '--lease', '0'], { env, reject: false });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stdout).toContain('1 interrupted send settled');

    const received = smtp.messages.flatMap((m) => m.to);
    expect([...received].sort()).toEqual([...addresses].sort()); // each exactly once
    const rows = (await exec('SELECT recipient_email, status, last_error FROM emails ORDER BY id')).rows;
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'FAILED', 'SENT', 'SENT']);
    expect(String(rows[2].last_error)).toMatch(/may or may not have been delivered/);

    // A third run has nothing left to do: the failed one waits for a human.
    const third = await execa('node', ['bin/outreach.js', 'emails', 'send', '--lease', '0'], { env, reject: false });
    expect(third.stdout).toContain('Nothing is due.');
    expect(smtp.messages).toHaveLength(addresses.length);
  }, 60_000);
});
