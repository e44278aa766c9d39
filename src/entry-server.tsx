// Server render of the public pages (decision 037): the same routes as the browser, in one language, with
// the data the server fetched for the page, rendered whole (every lazy page and Suspense boundary resolved)
// so search engines, link previews and visitors without JavaScript get the content. Built by `vite build`
// into dist/.ssr (the ssr environment in vite.config.ts); used by server/ssr/render-page.ts.
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, useRoutes } from 'react-router';
import { createInstance, type Resource } from 'i18next';
import { numberFormatter } from '../core/i18n/number-formatter.ts';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '@/app/error-boundary';
import { routes } from '@/app/routes';
import { DeferredToaster } from '@/app/deferred-toaster';
import { AuthProvider } from '@/lib/auth';
import { ServerRenderProvider } from '@/lib/page-meta';
import type { PageHead, RenderInput, RenderOutput } from '../core/pages/render.ts';

export type { RenderInput, RenderOutput };

const files = import.meta.glob('../core/i18n/locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const m = /\/i18n\/locales\/(\w+)\/(\w+)\.json$/.exec(file);
  if (m) (resources[m[1]!] ??= {})[m[2]!] = content;
}

function App() {
  return useRoutes(routes);
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render({ url, lang, data }: RenderInput): Promise<RenderOutput> {
  const i18n = createInstance().use(numberFormatter);
  await i18n.init({
    resources,
    lng: lang,
    fallbackLng: lang,
    supportedLngs: ['de', 'en'],
    defaultNS: 'common',
    ns: Object.keys(resources[lang] ?? {}),
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
  });
  // react-i18next reports the namespaces each component asks for here; the resource store, every namespace a word
  // was read from (also 'ns:key' and { ns } lookups). The browser hydrates with exactly these (decision 087).
  const used = new Set<string>();
  Object.assign(i18n, { reportNamespaces: { addUsedNamespaces: (ns: string[]) => ns.forEach((n) => used.add(n)), getUsedNamespaces: () => [...used] } });
  // getResource is the store's method every lookup goes through (not in i18next's public typings).
  const store = i18n.services.resourceStore as unknown as { getResource(lng: string, ns: string, key: string, options?: object): unknown };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, key, options) => {
    const found = getResource(lng, ns, key, options);
    if (found !== undefined) used.add(ns);
    return found;
  };

  const head: PageHead = {};
  // The same tree as src/main.tsx (StaticRouter for BrowserRouter), so the client hydrates it unchanged.
  const tree: ReactNode = (
    <StrictMode>
      <ErrorBoundary>
        <AuthProvider>
          <StaticRouter location={url}>
            <App />
          </StaticRouter>
          <DeferredToaster />
        </AuthProvider>
      </ErrorBoundary>
    </StrictMode>
  );
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <I18nextProvider i18n={i18n}>
      <ServerRenderProvider value={{ head, data }}>{tree}</ServerRenderProvider>
    </I18nextProvider>,
    // Completed boundaries stay inline: React would otherwise move big ones to the end with inline scripts,
    // which the Content Security Policy (script-src 'self') does not run.
    { onError: (e) => void errors.push(e), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await streamToString(prelude);
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return { html, head, namespaces: [...used] };
}
