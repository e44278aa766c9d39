// ws at /ws on the same HTTP server. The upgrade is authenticated with the session cookie (requireUser);
// each socket receives only events addressed to its user or its role. A socket outlives its session's
// checks, so before each event the session and the user are read again (one query per event): a signed-out
// or expired session's socket is closed, and the role rule is requireRole's (admins need TOTP).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AUTH_CHANGED } from '../auth/session-cache.ts';
import { currentSessionUsers, getAuthContext, mayActAs, requireUser, type SessionUser } from '../auth/guards.ts';
import { isAppError } from '../../core/errors.ts';
import type { AppDeps } from '../deps.ts';
import type { BusEvent } from './bus.ts';
import { startLiveNotes } from '../chat/live-notes.ts';

/** Addressed to this person (their id, or their role when no id is given). */
function isAddressedTo(event: BusEvent, user: SessionUser): boolean {
  if (event.to.userId && event.to.userId === user.id) return true;
  if (event.to.role && event.to.role === user.role) return !event.to.userId;
  return false;
}

export function isForUser(event: BusEvent, user: SessionUser): boolean {
  // An admin without TOTP may not act as admin anywhere, so gets no events either.
  return isAddressedTo(event, user) && mayActAs(user, user.role);
}

/** Close code for a socket whose session ended (signed out, revoked, expired). */
export const SESSION_ENDED = 4401;

interface Client {
  user: SessionUser;
  sessionId: string;
}

function reject(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export function attachWebSocket(server: Server, deps: AppDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const clients = new Map<WebSocket, Client>();

  const deliver = async (event: BusEvent) => {
    // Candidates by what was known of each user; nothing is sent before the session is read again.
    const candidates = [...clients].filter(([socket, c]) => socket.readyState === socket.OPEN && isAddressedTo(event, c.user));
    if (!candidates.length) return;
    const current = await currentSessionUsers(
      deps.db.prisma,
      candidates.map(([, c]) => c.sessionId),
    );
    const data = JSON.stringify({ type: event.type, payload: event.payload, at: event.at });
    for (const [socket, c] of candidates) {
      const user = current.get(c.sessionId);
      if (!user) {
        clients.delete(socket);
        socket.close(SESSION_ENDED, 'session ended');
        continue;
      }
      c.user = user;
      // The database's note that a session or account changed (decision 048) is for the servers: the sockets
      // were read again above, which is all it asks of this one.
      if (event.type === AUTH_CHANGED) continue;
      if (socket.readyState === socket.OPEN && isForUser(event, user)) socket.send(data);
    }
  };
  // One event after the other, so each socket gets them in the order they were published.
  let queue = Promise.resolve();
  // Events for a person also become notes in their chat (decision 054), on every instance that serves sockets.
  const stopNotes = startLiveNotes(deps);
  const unsubscribe = deps.bus.subscribe((event) => {
    queue = queue
      .then(() => deliver(event))
      .catch((e) => deps.logger.error({ err: e instanceof Error ? e.message : String(e), type: event.type }, 'ws delivery failed'));
  });

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/ws') return; // other upgrades (Vite HMR in development) are not ours
    const origin = req.headers.origin;
    if (origin && !deps.config.trustedOrigins.includes(origin)) return reject(socket, 403, 'Forbidden');
    try {
      const auth = await getAuthContext(deps, req.headers);
      const user = requireUser(auth);
      wss.handleUpgrade(req, socket, head, (ws) => {
        clients.set(ws, { user, sessionId: auth.sessionId! });
        deps.presence.connected(user.id);
        ws.on('close', () => {
          clients.delete(ws);
          deps.presence.disconnected(user.id);
        });
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
      await stopNotes();
      await queue;
      server.off('upgrade', onUpgrade);
      for (const ws of clients.keys()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
