// SandboxHost: the app starts the sandbox web once, and a second outreach process on the same
// ports joins it instead of failing (same sites, trusted certificates), and serves it itself
// once the process that served it stops.
import { createServer } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { SandboxHost, type SandboxHandle } from '../../src/sandbox/host.ts';
import { hostnameOf } from '../../src/sandbox/urls.ts';
import { PortInUseError, startSandbox } from '../../src/sandbox/server.ts';
import { createAuthority } from '../../src/sandbox/tls.ts';

const config = loadConfig({});
const hosts: SandboxHost[] = [];

/** GET an https site of the sandbox, trusting only what the handle says to trust: its status, or the TLS error. */
function getHttps(handle: SandboxHandle): Promise<string> {
  const site = handle.sites.find((s) => s.scheme === 'https')!;
  return new Promise((resolve) => {
    const req = httpsRequest({ host: '127.0.0.1', port: handle.httpsPort, path: '/robots.txt', servername: hostnameOf(site), headers: { host: hostnameOf(site) }, ca: handle.caPem, agent: false }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on('error', (error) => resolve(error.message));
    req.end();
  });
}
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

  it('serves the sandbox itself once the process that served it stops, trusted as before', async () => {
    const first = new SandboxHost(config, { seed: 'takeover', sites: 30, httpPort: 0, httpsPort: 0, slow: false });
    const a = await first.start();
    const second = new SandboxHost(config, { httpPort: a.httpPort, httpsPort: a.httpsPort, watchMs: 50 });
    hosts.push(second);
    const b = await second.start();
    expect(b).toMatchObject({ joined: true, servedBy: process.pid, sharedAuthority: true });
    expect(await getHttps(b)).toBe('200');

    const tookOver = new Promise<SandboxHandle>((resolve) => second.onTakeOver(resolve));
    await first.close();
    expect(await tookOver).toBe(b);
    expect(b.joined).toBe(false);
    expect(b.sites).toEqual(a.sites); // the seed and size it had joined, on the same ports
    expect(await getHttps(b)).toBe('200');
  });

  it('trusts a serving process that signs with an authority of its own (another version or user)', async () => {
    const foreign = await startSandbox({ seed: 'foreign', sites: 30, httpPort: 0, httpsPort: 0, slow: false, authority: await createAuthority() });
    try {
      const joiner = new SandboxHost(config, { httpPort: foreign.httpPort, httpsPort: foreign.httpsPort });
      hosts.push(joiner);
      const handle = await joiner.start();
      expect(handle).toMatchObject({ joined: true, sharedAuthority: false });
      expect(handle.caPem).toContain(foreign.caPem.trim());
      expect(await getHttps(handle)).toBe('200');
      // Trusting only the shared authority would fail: the test can tell.
      const sharedOnly = { ...handle, caPem: handle.caPem.replace(foreign.caPem.trim(), '') };
      expect(await getHttps(sharedOnly)).toMatch(/certificate|signature|issuer/i);
    } finally {
      await foreign.close();
    }
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
