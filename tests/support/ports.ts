// A free loopback port, for servers a test starts in another process (sandbox, sqld, serve).
// The port is free when it is found; the other process binds it later. Meanwhile the kernel hands
// ports of its ephemeral range to every `listen(0)` and to the source end of every outgoing
// connection (a crawl opens hundreds): a port found by `listen(0)` is one of those, and could be
// taken first (a fresh-clone CI run lost that race once). So the port is picked at random below
// the ephemeral range, where the kernel never hands one out by itself, and checked free.
// A port handed out once is not handed out again in the same process: nothing listens on a
// sandbox's ports between the CLI runs that serve it, so a later pick could land on one of them.
// A server started in the test's own process needs none of this: it binds port 0 and reports its
// port (startSandbox({ httpPort: 0, httpsPort: 0 }) gives sandbox.httpPort and sandbox.httpsPort).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Ports from here up to the ephemeral range are never given out by the kernel on its own. */
const LOWEST = 10_000;

/** The first port of the kernel's ephemeral range (Linux), or undefined where it cannot be read. */
function ephemeralStart(): number | undefined {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : undefined;
  } catch {
    return undefined;
  }
}

/** Listens on the port and closes again: the port it got (port 0: the kernel's choice), or undefined when it is taken. */
const tryPort = (port: number) =>
  new Promise<number | undefined>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as { port: number };
      server.close(() => resolve(got));
    });
  });

const given = new Set<number>();

export async function freePort(): Promise<number> {
  const top = ephemeralStart();
  if (top !== undefined && top - LOWEST > 1000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const pick = LOWEST + Math.floor(Math.random() * (top - LOWEST));
      if (given.has(pick)) continue;
      const port = await tryPort(pick);
      if (port !== undefined) return hand(port);
    }
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await tryPort(0);
    if (port !== undefined && !given.has(port)) return hand(port);
  }
  throw new Error('no free loopback port');
}

function hand(port: number): number {
  given.add(port);
  return port;
}
