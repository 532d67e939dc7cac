// GET /ws?token=…: the live channel. The token must be a valid session (else the socket
// closes with 1008, policy violation); a browser's Origin must be this server's own.
import { upgradeWebSocket } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import type { LiveClient, LiveHub } from '../live-hub.ts';

const POLICY_VIOLATION = 1008;

export function liveRoutes(hub: LiveHub) {
  return new Hono<AppEnv>().get(
    '/ws',
    upgradeWebSocket(async (c) => {
      const origin = c.req.header('origin');
      const sameOrigin = !origin || new URL(origin).host === new URL(c.req.url).host;
      let allowed = false;
      if (sameOrigin) {
        try {
          await c.var.ctx.users.authenticate(c.req.query('token'));
          allowed = true;
        } catch {
          allowed = false;
        }
      }
      let client: LiveClient | undefined;
      return {
        onOpen(_event, ws) {
          if (!allowed) return ws.close(POLICY_VIOLATION, sameOrigin ? 'Not signed in' : 'Origin not allowed');
          client = { send: (message) => ws.send(message) };
          hub.add(client);
        },
        onMessage(event, ws) {
          const text = typeof event.data === 'string' ? event.data : '';
          if (text === 'ping' || text.includes('"ping"')) ws.send(JSON.stringify({ type: 'pong' }));
        },
        onClose() {
          if (client) hub.remove(client);
        },
      };
    }),
  );
}
