// After the faults: do live events still cross instances? A provider kept out of the load listens on one
// instance's /ws and unlocks a request through the other; its 'request.unlocked' event has to arrive over
// the PostgreSQL event bus (LISTEN/NOTIFY), both ways. A bus whose LISTEN connection was terminated and
// never came back fails this although /api/health answers 200.
import WebSocket from 'ws';
import { Client } from './client.ts';
import type { SetupResult } from './setup.ts';
import type { InvariantResult } from './invariants.ts';

function listen(baseUrl: string, cookie: string): Promise<{ ws: WebSocket; seen: { type: string; payload?: { requestId?: string } }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie, origin: baseUrl } });
    const seen: { type: string; payload?: { requestId?: string } }[] = [];
    const timer = setTimeout(() => reject(new Error('no hello within 10 s')), 10_000);
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { type: string; payload?: { requestId?: string } };
      seen.push(m);
      if (m.type === 'hello') {
        clearTimeout(timer);
        resolve({ ws, seen });
      }
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

export async function checkLiveEvents(urls: [string, string], probe: SetupResult['probe']): Promise<InvariantResult> {
  const result: InvariantResult = { name: 'live events cross instances after the faults', violations: [] };
  const jar = new Map<string, string>();
  const signIn = await new Client(urls[0], jar).post('/api/auth/sign-in/email', { email: probe.provider.email, password: probe.provider.password });
  if (signIn.outcome !== 'ok') {
    result.violations.push({ id: 'sign-in', detail: `answered ${signIn.status}` });
    return result;
  }
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  // Three tries each way, one request each: live events have to resume within about 30 s of the recovery
  // (a bus that reconnects with back-off may miss the first one).
  const routes: [string, string, string[]][] = [
    [urls[0], urls[1], probe.requestIds.slice(0, 3)],
    [urls[1], urls[0], probe.requestIds.slice(3, 6)],
  ];
  for (const [listenOn, actOn, requestIds] of routes) {
    const what = `listening on ${listenOn}, unlocking through ${actOn}`;
    const failures: string[] = [];
    let arrived = false;
    for (const requestId of requestIds) {
      let socket: Awaited<ReturnType<typeof listen>> | null = null;
      try {
        socket = await listen(listenOn, cookie);
        const client = new Client(actOn, jar);
        const quote = await client.get<{ price: number }>(`/api/provider/requests/${requestId}/unlock-quote`);
        const unlock = await client.post(`/api/provider/requests/${requestId}/unlock`, { price: quote.outcome === 'ok' ? quote.body.price : 0 });
        if (unlock.outcome !== 'ok') {
          failures.push(`the unlock answered ${unlock.status} ${unlock.code ?? ''}`);
          continue;
        }
        const seen = () => socket!.seen.some((m) => m.type === 'request.unlocked' && m.payload?.requestId === requestId);
        const until = Date.now() + 10_000;
        while (Date.now() < until && !seen()) await new Promise((r) => setTimeout(r, 100));
        if (seen()) {
          arrived = true;
          break;
        }
        failures.push("no 'request.unlocked' event within 10 s");
      } catch (e) {
        failures.push(e instanceof Error ? e.message : String(e));
      } finally {
        socket?.ws.close();
      }
    }
    if (!arrived) result.violations.push({ id: what, detail: `${failures.length} tries: ${failures.join('; ')}` });
  }
  return result;
}
