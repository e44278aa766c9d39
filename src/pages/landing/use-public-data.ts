// Data of a public page section: what the server rendered the page with (useInitialData), or, when the page
// was reached in the browser without it (client-side navigation), fetched once from the same public endpoint.
// A failed fetch leaves the section out: these sections are extras, never worth an error on a landing page.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { useInitialData } from '@/lib/page-meta';

export function usePublicData<T>(key: string, path: string): T | null {
  const initial = useInitialData<T>(key);
  const [data, setData] = useState<T | null>(initial ?? null);
  const missing = initial === undefined;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    api<T>(path).then(
      (r) => live && setData(r),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [missing, path]);
  return data;
}
