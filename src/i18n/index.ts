// i18next for the client: German default, English complete. Detection: ?lng, localStorage, browser, <html lang>.
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

const modules = import.meta.glob('./locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, content] of Object.entries(modules)) {
  const m = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(file);
  if (!m) continue;
  (resources[m[1]!] ??= {})[m[2]!] = content;
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'de',
    supportedLngs: ['de', 'en'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: Object.keys(resources.de ?? {}),
    interpolation: { escapeValue: false },
    detection: { order: ['querystring', 'localStorage', 'navigator', 'htmlTag'], lookupQuerystring: 'lng', lookupLocalStorage: 'i18nextLng', caches: ['localStorage'] },
  });

const syncHtmlLang = (lng: string) => {
  document.documentElement.lang = lng.startsWith('en') ? 'en' : 'de';
};
syncHtmlLang(i18n.resolvedLanguage ?? 'de');
i18n.on('languageChanged', syncHtmlLang);

export function currentLang(): 'de' | 'en' {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'de').startsWith('en') ? 'en' : 'de';
}

export default i18n;
