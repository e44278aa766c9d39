// The offline page the service worker shows when a page cannot be loaded: static HTML in German and English,
// from the locale files (core/i18n/locales/{de,en}/pwa.json), written at build time (src/pwa/build-plugin.ts).
// Styles inline (the content security policy allows inline styles, not inline scripts): no app code needed.

export interface OfflineTexts {
  title: string;
  heading: string;
  text: string;
  retry: string;
  home: string;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function section(lang: 'de' | 'en', t: OfflineTexts): string {
  return `<main data-lang="${lang}" data-title="${escape(t.title)}" lang="${lang}"${lang === 'de' ? '' : ' hidden'}>
      <svg aria-hidden="true" width="56" height="56" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#e11d48"/><path d="M36 8 18 36h12l-4 20 20-30H34z" fill="#fff"/></svg>
      <h1>${escape(t.heading)}</h1>
      <p>${escape(t.text)}</p>
      <p class="actions"><a class="primary" href="">${escape(t.retry)}</a><a href="/">${escape(t.home)}</a></p>
    </main>`;
}

export function renderOfflinePage(texts: Record<'de' | 'en', OfflineTexts>): string {
  return `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#e11d48" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${escape(texts.de.title)}</title>
    <style>
      :root { color-scheme: light; font-family: ui-sans-serif, system-ui, sans-serif; color: #2b1d1a; background: #fdfbfa; }
      body { margin: 0; min-height: 100dvh; display: grid; place-items: center; padding: 1.5rem; box-sizing: border-box; }
      main { max-width: 28rem; text-align: center; }
      main[hidden] { display: none; }
      h1 { font-size: 1.75rem; margin: 1.25rem 0 0.5rem; letter-spacing: -0.01em; }
      p { line-height: 1.55; color: #5f4f4b; margin: 0; }
      .actions { margin-top: 1.5rem; display: flex; gap: 0.75rem; justify-content: center; flex-wrap: wrap; }
      a { display: inline-block; padding: 0.65rem 1.1rem; border-radius: 0.5rem; border: 1px solid #e7dcd8; color: #2b1d1a; text-decoration: none; font-weight: 600; }
      a.primary { background: #be123c; border-color: #be123c; color: #fff; }
      a:focus-visible { outline: 3px solid #fb7185; outline-offset: 2px; }
    </style>
  </head>
  <body>
    ${section('de', texts.de)}
    ${section('en', texts.en)}
    <script src="/offline.js"></script>
  </body>
</html>
`;
}
