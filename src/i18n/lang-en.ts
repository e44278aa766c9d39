// Every namespace of the en locale but the bundled ones (common, landing), the legal texts and the offline page's
// (pwa, written into offline.html at build time): one chunk,
// loaded by the backend in ./index.ts when a page first needs one of them.
const files = import.meta.glob(['../../core/i18n/locales/en/*.json', '!../../core/i18n/locales/en/{common,landing,legal,pwa}.json'], {
  eager: true,
  import: 'default',
}) as Record<string, Record<string, unknown>>;

export const namespaces = Object.fromEntries(Object.entries(files).map(([file, data]) => [/(\w+)\.json$/.exec(file)![1]!, data]));
