// The DNS the address checks and the sending-domain checks ask: Node's resolver, pointed at
// OUTREACH_DNS_SERVER (host:port) when set, else at the system's resolvers. One try per query,
// so a dead server costs one timeout.
import { Resolver } from 'node:dns/promises';
import type { SendingDns } from '../../core/deliverability/check.ts';
import type { MailDns } from '../../core/verification/domain-check.ts';

export function mailDns(server: string | undefined, timeoutMs: number): MailDns & SendingDns {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (server) resolver.setServers([server]);
  return resolver;
}
