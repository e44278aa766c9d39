import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAllWords, markHydrated, preferredLanguage, serverRendered } from '@/i18n';
import { whenSectionsHydrated } from './hydration-gate';

// Rendered inside the page's Suspense boundary, so its effect runs once the server's HTML of the page has
// been hydrated. A server-rendered page hydrates in the language it was rendered in; a visitor who chose
// the other one (stored choice) gets it now, without a hydration mismatch (decision 037).
// Once per page load: the boundary may show its fallback and mount this again later (a language change
// suspends while the words load), and the visitor's own choice must not be undone then.
let ran = false;

export function AfterHydration() {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (ran) return;
    ran = true;
    markHydrated();
    // A signal for browser tests that the page is interactive (its content was there before).
    document.documentElement.dataset.hydrated = 'true';
    // The page hydrated with the words its HTML needed; the rest of the language follows now (decision 087).
    if (serverRendered) void loadAllWords().catch(() => undefined);
    if (!serverRendered || (i18n.resolvedLanguage ?? 'de').startsWith(preferredLanguage)) return;
    // Sections that load their code on demand hydrate after the page: the switch waits for them
    // (hydration-gate.tsx). Then the other language's words first (those the page uses too), then the switch:
    // the page changes its words in place instead of showing the loading fallback.
    void whenSectionsHydrated().then(() => {
      const used = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
      const namespaces = [...new Set(['common', 'landing', ...used])];
      i18n.services.backendConnector.load([preferredLanguage], namespaces, () => void i18n.changeLanguage(preferredLanguage));
    });
  }, [i18n]);
  return null;
}
