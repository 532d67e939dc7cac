// A DNS server on loopback UDP that answers MX, A, AAAA and TXT from a table, so recipient checks
// and sending-domain checks (SPF, DKIM, DMARC, blocklists) run against real DNS packets
// (node:dns's Resolver) without the internet. Per name: records,
// 'nxdomain', 'servfail' or 'silent' (never answers: a timeout). A name missing from the table
// gets `fallback`: NXDOMAIN by default, or 'mx' (for suites that only need addresses to be
// deliverable and the sending domain set up as Gmail and Yahoo require: see MAIL_DOMAIN). It
// counts the questions it was asked, per name.
import { createSocket, type Socket } from 'node:dgram';

export interface StubZone {
  mx?: { exchange: string; priority: number }[];
  a?: string[];
  aaaa?: string[];
  /** Each record's text (split in 255-byte strings on the wire, as long DKIM keys are). */
  txt?: string[];
}

export type StubAnswer = StubZone | 'nxdomain' | 'servfail' | 'silent';

export interface DnsStub {
  /** host:port for OUTREACH_DNS_SERVER / Resolver.setServers. */
  server: string;
  /** Questions asked, as 'name TYPE' (lower-case name), in order. */
  asked: string[];
  set(name: string, answer: StubAnswer): void;
  close(): Promise<void>;
}

/**
 * The 'mx' fallback, every name a mail domain set up right: an MX and an address, one SPF record
 * authorising Brevo, Resend (on send.<domain>, where it looks) and an SMTP server on loopback or
 * in 192.0.2.0/24 (the fallback's own addresses), a DKIM key under every selector and a DMARC
 * policy; and no listing on the DNS blocklists (their zones answer NXDOMAIN). So a suite that
 * sends live passes the sending domain's authentication honestly, as a configured domain would.
 */
export const MAIL_DOMAIN = {
  spf: 'v=spf1 ip4:127.0.0.0/8 ip4:192.0.2.0/24 include:spf.brevo.com include:amazonses.com ~all',
  dkim: 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDstubkey',
  dmarc: 'v=DMARC1; p=none',
  blocklistZones: ['dbl.spamhaus.org', 'zen.spamhaus.org', 'multi.surbl.org'],
};

function mailDomain(name: string): StubAnswer {
  if (MAIL_DOMAIN.blocklistZones.some((zone) => name.endsWith(`.${zone}`))) return 'nxdomain';
  if (name.includes('._domainkey.')) return { txt: [MAIL_DOMAIN.dkim] };
  if (name.startsWith('_dmarc.')) return { txt: [MAIL_DOMAIN.dmarc] };
  return { mx: [{ exchange: `mx.${name}`, priority: 10 }], a: ['192.0.2.1'], txt: [MAIL_DOMAIN.spf] };
}

const TYPES: Record<number, keyof StubZone> = { 15: 'mx', 1: 'a', 28: 'aaaa', 16: 'txt' };
const TYPE_NAMES: Record<number, string> = { 15: 'MX', 1: 'A', 28: 'AAAA', 16: 'TXT' };

export async function startDnsStub(table: Record<string, StubAnswer> = {}, opts: { fallback?: 'nxdomain' | 'mx' } = {}): Promise<DnsStub> {
  const zones = new Map(Object.entries(table).map(([k, v]) => [k.toLowerCase(), v]));
  const asked: string[] = [];
  const socket: Socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const question = readQuestion(query);
    if (!question) return;
    asked.push(`${question.name} ${TYPE_NAMES[question.type] ?? question.type}`);
    const answer = zones.get(question.name) ?? (opts.fallback === 'mx' ? mailDomain(question.name) : 'nxdomain');
    if (answer === 'silent') return;
    socket.send(reply(query, question, answer), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    asked,
    set: (name, answer) => void zones.set(name.toLowerCase(), answer),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

interface Question {
  name: string;
  type: number;
  /** Where the question section ends (it is copied into the reply). */
  end: number;
}

function readQuestion(packet: Buffer): Question | undefined {
  if (packet.length < 12 || packet.readUInt16BE(4) < 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < packet.length && packet[at] !== 0) {
    labels.push(packet.toString('latin1', at + 1, at + 1 + packet[at]));
    at += packet[at] + 1;
  }
  if (at + 5 > packet.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: packet.readUInt16BE(at + 1), end: at + 5 };
}

function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, '').split('.').filter(Boolean);
  return Buffer.concat([...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])), Buffer.from([0])]);
}

function record(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(300, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function rdataOf(type: number, value: { exchange: string; priority: number } | string): Buffer {
  if (type === 15) {
    const mx = value as { exchange: string; priority: number };
    const pref = Buffer.alloc(2);
    pref.writeUInt16BE(mx.priority);
    return Buffer.concat([pref, encodeName(mx.exchange === '.' ? '' : mx.exchange)]);
  }
  if (type === 1) return Buffer.from((value as string).split('.').map(Number));
  if (type === 16) {
    const text = Buffer.from(value as string, 'utf8');
    const chunks: Buffer[] = [];
    for (let at = 0; at < text.length || chunks.length === 0; at += 255) {
      const part = text.subarray(at, at + 255);
      chunks.push(Buffer.from([part.length]), part);
    }
    return Buffer.concat(chunks);
  }
  const groups = expandV6(value as string);
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

function expandV6(address: string): number[] {
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = address.includes('::') ? Array(8 - left.length - right.length).fill('0') : [];
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16));
}

function reply(query: Buffer, q: Question, answer: Exclude<StubAnswer, 'silent'>): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const rd = query[2] & 0x01;
  const rcode = answer === 'nxdomain' ? 3 : answer === 'servfail' ? 2 : 0;
  header[2] = 0x80 | 0x04 | rd; // QR, AA, RD as asked
  header[3] = 0x80 | rcode; // RA
  const key = TYPES[q.type];
  const values = typeof answer === 'object' && key ? ((answer[key] ?? []) as ({ exchange: string; priority: number } | string)[]) : [];
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  return Buffer.concat([header, query.subarray(12, q.end), ...values.map((v) => record(q.type, rdataOf(q.type, v)))]);
}
