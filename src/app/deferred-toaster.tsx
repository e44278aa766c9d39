import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The toaster (sonner) is not needed for the first paint; toasts come from pages that load later. It mounts
// after hydration, so a server-rendered page and its first client render are the same (decision 037).
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** Below this width sonner lays toasts across the whole screen (its own mobile breakpoint). */
const PHONE = '(max-width: 599px)';

/**
 * Where toasts appear (decision 085): never over the floating chat's open button or its panel, both at the
 * bottom right. On wider screens at the bottom left; on phones at the top, where the open chat panel (anchored
 * at the bottom) leaves room. The toasts' colours are darkened to 4.5:1 in src/index.css.
 */
export function DeferredToaster() {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const update = () => setPhone(query.matches);
    update();
    setMounted(true);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense>
      <Toaster
        position={phone ? 'top-center' : 'bottom-left'}
        // Below the sticky header (4 rem) on phones.
        mobileOffset={{ top: 72 }}
        duration={4000}
        visibleToasts={3}
        theme="system"
        richColors
        closeButton
        containerAriaLabel={t('toasts.region')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    </Suspense>
  );
}
