// A virtual user's HTTP client (cookie jar, the Origin header a browser sends) and the suite's tally of
// operations: each attempt ends as ok, refused (a 4xx the app gives on purpose: sold out, not available…),
// unavailable (503, a connection refused or reset, a timeout: expected while a fault lasts) or 5xx.
export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** 'ok' | 'refused' | 'unavailable' | 'error5xx' */
  outcome: Outcome;
  code?: string;
}
export type Outcome = 'ok' | 'refused' | 'unavailable' | 'error5xx';

export interface OpTally {
  attempted: number;
  ok: number;
  refused: number;
  unavailable: number;
  error5xx: number;
}

export class Tally {
  readonly ops = new Map<string, OpTally>();
  readonly codes = new Map<string, number>();
  count(op: string, a: Answer) {
    const t = this.ops.get(op) ?? { attempted: 0, ok: 0, refused: 0, unavailable: 0, error5xx: 0 };
    t.attempted += 1;
    t[a.outcome] += 1;
    this.ops.set(op, t);
    if (a.outcome !== 'ok') {
      const key = `${op} ${a.status || 'conn'}${a.code ? ` ${a.code}` : ''}`;
      this.codes.set(key, (this.codes.get(key) ?? 0) + 1);
    }
  }
}

export class Client {
  readonly cookies: Map<string, string>;
  readonly baseUrl: string;
  /** Clients of one person on several instances share one cookie jar (the session is in the database). */
  constructor(baseUrl: string, cookies?: Map<string, string>) {
    this.baseUrl = baseUrl;
    this.cookies = cookies ?? new Map();
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(this.baseUrl + path, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
        headers: {
          origin: this.baseUrl,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      text = await res.text();
    } catch {
      return { status: 0, body: null as T, outcome: 'unavailable' };
    }
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const value = v.join('=');
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '') this.cookies.delete(k!.trim());
      else this.cookies.set(k!.trim(), value);
    }
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    const code = (parsed as { error?: { code?: string } } | null)?.error?.code;
    const outcome: Outcome = res.status < 400 ? 'ok' : res.status === 503 ? 'unavailable' : res.status >= 500 ? 'error5xx' : 'refused';
    return { status: res.status, body: parsed as T, outcome, code };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = unknown>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
}
