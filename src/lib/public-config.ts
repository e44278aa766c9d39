// What the server says the browser may know of its configuration (GET /api/config), fetched once per page load.
import { useEffect, useState } from 'react';
import type { PublicConfig } from '../../core/api/meta.ts';
import { api } from './api';
import { useInitialData } from './page-meta';

export type { PublicConfig };

let pending: Promise<PublicConfig> | null = null;

export function usePublicConfig(): { config: PublicConfig | null; failed: boolean } {
  // The Impressum and privacy pages come rendered with it from the server (decision 037).
  const initial = useInitialData<PublicConfig>('config');
  const [state, setState] = useState<{ config: PublicConfig | null; failed: boolean }>({ config: initial ?? null, failed: false });
  useEffect(() => {
    let live = true;
    pending ??= api<PublicConfig>('/api/config');
    pending.then(
      (config) => live && setState({ config, failed: false }),
      () => {
        pending = null;
        if (live) setState({ config: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
