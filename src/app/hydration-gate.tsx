// Sections of a server-rendered page whose code loads on demand (React.lazy inside their own Suspense
// boundary) hydrate after the page itself. The switch to the visitor's stored language (after-hydration.tsx)
// waits for them: a section hydrating after the switch would render the other language over the server's
// HTML, a hydration mismatch (React error 418), and React would throw that HTML away.
// A section holds the switch while it renders during hydration and lets go from an effect inside its own
// boundary, which runs once that boundary has hydrated. Holds are keyed, so rendering twice holds once.
import { useEffect } from 'react';

const held = new Set<string>();
let waiting: (() => void)[] = [];
let released = false;

/** Hold the language switch until the section `key` has hydrated (a no-op on the server and after the switch). */
export function holdUntilHydrated(key: string): void {
  if (typeof window === 'undefined' || released) return;
  held.add(key);
}

function letGo(key: string) {
  if (!held.delete(key) || held.size > 0) return;
  const run = waiting;
  waiting = [];
  for (const fn of run) fn();
}

/** Place inside the section's Suspense boundary, after the lazy part. */
export function HydratedSignal({ name }: { name: string }) {
  useEffect(() => letGo(name), [name]);
  return null;
}

/**
 * Resolves once every held section has hydrated, or after `maxWaitMs` (a section whose code failed to load
 * must not keep the visitor in the wrong language for good).
 */
export function whenSectionsHydrated(maxWaitMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      released = true;
      held.clear();
      resolve();
    };
    if (held.size === 0) return done();
    const timer = setTimeout(done, maxWaitMs);
    waiting.push(() => {
      clearTimeout(timer);
      done();
    });
  });
}
