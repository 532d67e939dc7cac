// A free loopback port, for servers a test starts in another process (sandbox, sqld, serve).
// It can be taken (by another test's server or a connection's source port) before that process
// binds it: a server started in the test's own process binds port 0 instead and reports its port
// (startSandbox({ httpPort: 0, httpsPort: 0 }) gives sandbox.httpPort and sandbox.httpsPort).
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
