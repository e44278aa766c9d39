import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { markHydrated, preferredLanguage, serverRendered } from '@/i18n';

// Rendered inside the page's Suspense boundary, so its effect runs once the server's HTML of the page has
// been hydrated. A server-rendered page hydrates in the language it was rendered in; a visitor who chose
// the other one (stored choice) gets it now, without a hydration mismatch (decision 037).
export function AfterHydration() {
  const { i18n } = useTranslation();
  useEffect(() => {
    markHydrated();
    if (serverRendered && !(i18n.resolvedLanguage ?? 'de').startsWith(preferredLanguage)) void i18n.changeLanguage(preferredLanguage);
  }, [i18n]);
  return null;
}
