import { lazy, Suspense, useEffect, useState } from 'react';

// The toaster (sonner) is not needed for the first paint; toasts come from pages that load later. It mounts
// after hydration, so a server-rendered page and its first client render are the same (decision 037).
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense>
      <Toaster position="bottom-right" duration={4000} visibleToasts={3} theme="system" richColors closeButton />
    </Suspense>
  );
}
