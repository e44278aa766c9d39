// The server render of a public page (decision 037): what the server hands src/entry-server.tsx and what it gets
// back. The server loads the built renderer (dist/.ssr) or Vite's module by path, never by import.
export interface PageHead {
  title?: string;
  description?: string;
  /** Path of the canonical URL (without query); the route's own path when not given. */
  canonical?: string;
}

export interface RenderInput {
  /** Path and query of the request. */
  url: string;
  lang: 'de' | 'en';
  /** Data fetched by the server for this page, keyed as the page asks for it (useInitialData). */
  data: Record<string, unknown>;
}

export interface RenderOutput {
  /** The inside of <div id="root">. */
  html: string;
  /** The translation namespaces the page used (loaded by the client before it hydrates). */
  namespaces: string[];
  head: PageHead;
}

export type RenderFn = (input: RenderInput) => Promise<RenderOutput>;

/** The element the server writes the fetched data into; read once by the client for its first render. */
export const INITIAL_DATA_ID = 'akut-initial-data';
