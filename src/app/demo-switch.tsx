import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page with a demo mode (decision 041): with ?demo=true the demo page takes its place, and the real page is
 * not even mounted, so no demo visit calls the real page's API.
 */
export function DemoSwitch({ real, demo }: { real: ReactNode; demo: ReactNode }) {
  const [params] = useSearchParams();
  return params.get('demo') === 'true' ? demo : real;
}
