// SandboxHost: the app starts the sandbox web once, and a second outreach process on the same
// ports joins it instead of failing (same sites, the serving process's certificate).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { SandboxHost } from '../../src/sandbox/host.ts';
import { PortInUseError } from '../../src/sandbox/server.ts';

const config = loadConfig({});
const hosts: SandboxHost[] = [];
afterAll(async () => {
  for (const host of hosts) await host.close();
});

describe('SandboxHost', () => {
  it('starts once and lets a second process join the running sandbox', async () => {
    const first = new SandboxHost(config, { seed: 'host-test', sites: 60, httpPort: 0, httpsPort: 0, slow: false });
    hosts.push(first);
    const a = await first.start();
    expect(await first.start()).toBe(a);
    expect(a.joined).toBe(false);

    // Asked for another seed and size: it serves what the running sandbox actually serves.
    const second = new SandboxHost(config, { seed: 'other', sites: 240, httpPort: a.httpPort, httpsPort: a.httpsPort });
    hosts.push(second);
    const b = await second.start();
    expect(b.joined).toBe(true);
    expect(b.caPem).toBe(a.caPem);
    expect(b.sites).toEqual(a.sites);
    const query = { query: 'bakery', page: 0, pageSize: 50 };
    expect(await (await second.search()).search(query)).toEqual(await (await first.search()).search(query));
  });

  it('reports a port held by something else', async () => {
    const squatter = createServer((_req, res) => res.end('not a sandbox'));
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as AddressInfo).port;
    try {
      const host = new SandboxHost(config, { seed: 's', sites: 20, httpPort: port, httpsPort: 0 });
      await expect(host.start()).rejects.toBeInstanceOf(PortInUseError);
    } finally {
      squatter.close();
    }
  });
});
