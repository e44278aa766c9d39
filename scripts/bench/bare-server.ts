// The yardstick of `npm run bench:mixed`: a bare node:http server in a process of its own that answers every
// request with the same bytes (the landing page as the app served it), so the app's landing page throughput
// can be read as a share of what Node itself manages on this machine.
//   node scripts/bench/bare-server.ts <file>   prints the port it listens on (127.0.0.1, chosen by the system)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.argv[2]!);
const server = http.createServer({ keepAliveTimeout: 60_000 }, (_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
