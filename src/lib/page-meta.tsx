// A page's title, description and canonical path, and the data the server fetched for it.
// On the server (src/entry-server.tsx) the pages write their head into a collector during the render, which
// the server turns into <title>, meta, canonical, hreflang, Open Graph and JSON-LD (decision 037). In the
// browser the same call keeps document.title, the description and the canonical link in step on client-side
// navigation.
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { INITIAL_DATA_ID, type PageHead } from '../../core/pages/render.ts';

export type { PageHead };

export interface ServerRenderContext {
  head: PageHead;
  /** Data the server fetched for this URL, under the key the page asks for (useInitialData). */
  data: Record<string, unknown>;
}

const ServerContext = createContext<ServerRenderContext | null>(null);

export function ServerRenderProvider({ value, children }: { value: ServerRenderContext; children: ReactNode }) {
  return <ServerContext.Provider value={value}>{children}</ServerContext.Provider>;
}

let clientData: Record<string, unknown> | null = null;
function readClientData(): Record<string, unknown> {
  if (clientData) return clientData;
  clientData = {};
  if (typeof document === 'undefined') return clientData;
  const el = document.getElementById(INITIAL_DATA_ID);
  if (el?.textContent) {
    try {
      clientData = JSON.parse(el.textContent) as Record<string, unknown>;
    } catch {
      clientData = {};
    }
  }
  return clientData;
}

/**
 * What the server fetched for this page under `key` (the same value on the server and in the first client
 * render, so hydration matches), or undefined when the page was not rendered on the server with it.
 */
export function useInitialData<T>(key: string): T | undefined {
  const server = useContext(ServerContext);
  if (server) return server.data[key] as T | undefined;
  return readClientData()[key] as T | undefined;
}

// Like the server's: the canonical follows the address (?lng=en English, the bare path German), not the
// language shown, so it never points at the other hreflang variant.
function canonicalHref(path: string): string {
  const url = new URL(path, window.location.origin);
  url.search = new URLSearchParams(window.location.search).get('lng')?.startsWith('en') ? '?lng=en' : '';
  url.hash = '';
  return url.toString();
}

function setMeta(selector: string, content: string) {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

/** Sets the page title and description (and canonical path where the page's own path is not it). */
export function usePageMeta(title: string, description?: string, canonical?: string) {
  const server = useContext(ServerContext);
  if (server) {
    server.head.title = title;
    if (description) server.head.description = description;
    if (canonical) server.head.canonical = canonical;
  }
  useEffect(() => {
    document.title = title;
    if (description) {
      setMeta('meta[name="description"]', description);
      setMeta('meta[property="og:description"]', description);
      setMeta('meta[name="twitter:description"]', description);
    }
    setMeta('meta[property="og:title"]', title);
    setMeta('meta[name="twitter:title"]', title);
    // Server-rendered pages come with the link; a page rendered in the browser only (the chat at /search)
    // that names its canonical path gets one.
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link && canonical) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    if (link) link.href = canonicalHref(canonical ?? window.location.pathname);
  }, [title, description, canonical]);
}
