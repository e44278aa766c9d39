// The `next` of /auth?next=…: followed after sign-in only when it stays on this site. A path on another host
// ('//evil.example', '/\evil.example', 'https://…') or back to /auth itself is ignored (decision 036).

export function safeNext(next: string | null | undefined, origin: string = window.location.origin): string | null {
  // Browsers read a backslash as a slash, so '/\evil.example' would leave the site; control characters never
  // belong in a path.
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === '/auth') return null;
  return url.pathname + url.search + url.hash;
}
