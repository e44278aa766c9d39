// A TCP proxy in front of PostgreSQL for fault tests: down() drops every connection and refuses new ones
// (as a stopped server does: ECONNRESET, then ECONNREFUSED), up() accepts again on the same port.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface PgProxy {
  /** DATABASE_URL with the proxy's host and port. */
  url(databaseUrl: string): string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startPgProxy(databaseUrl: string): Promise<PgProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on('close', () => sockets.delete(sock));
          sock.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const down = async () => {
    const s = server;
    server = null;
    for (const sock of sockets) sock.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    url(u) {
      const v = new URL(u);
      v.hostname = '127.0.0.1';
      v.port = String(port);
      return v.toString();
    },
    down,
    up: () => (server ? Promise.resolve() : listen()),
    close: down,
  };
}
