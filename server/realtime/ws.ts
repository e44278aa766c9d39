// ws at /ws on the same HTTP server. The upgrade is authenticated with the session cookie (requireUser);
// each socket receives only events addressed to its user or its role.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { getAuthContext, requireUser, type SessionUser } from '../auth/guards.ts';
import { isAppError } from '../errors.ts';
import type { AppDeps } from '../deps.ts';
import type { BusEvent } from './bus.ts';

export function isForUser(event: BusEvent, user: SessionUser): boolean {
  if (event.to.userId && event.to.userId === user.id) return true;
  if (event.to.role && event.to.role === user.role) return !event.to.userId;
  return false;
}

function reject(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export function attachWebSocket(server: Server, deps: AppDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const clients = new Map<WebSocket, SessionUser>();

  const unsubscribe = deps.bus.subscribe((event) => {
    const data = JSON.stringify({ type: event.type, payload: event.payload, at: event.at });
    for (const [socket, user] of clients) {
      if (socket.readyState === socket.OPEN && isForUser(event, user)) socket.send(data);
    }
  });

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return; // other upgrades (Vite HMR in development) are not ours
    const origin = req.headers.origin;
    if (origin && !deps.config.trustedOrigins.includes(origin)) return reject(socket, 403, 'Forbidden');
    try {
      const user = requireUser(await getAuthContext(deps, req.headers));
      wss.handleUpgrade(req, socket, head, (ws) => {
        clients.set(ws, user);
        ws.on('close', () => clients.delete(ws));
        ws.on('message', (raw) => {
          // The only client message is a ping; everything else is ignored.
          if (raw.toString() === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
        });
        ws.send(JSON.stringify({ type: 'hello', payload: { userId: user.id, role: user.role } }));
      });
    } catch (e) {
      if (isAppError(e) && e.status === 401) return reject(socket, 401, 'Unauthorized');
      deps.logger.error({ err: e instanceof Error ? e.message : String(e) }, 'ws upgrade failed');
      reject(socket, 500, 'Internal Server Error');
    }
  };
  server.on('upgrade', onUpgrade);

  return {
    clients,
    async close() {
      unsubscribe();
      server.off('upgrade', onUpgrade);
      for (const ws of clients.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
