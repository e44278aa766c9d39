// The dashboard's one data path: the seeker's figures and requests plus the offers received, loaded
// together and refetched on the live events that change them.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import { useLiveEvents } from '@/lib/live';
import { useLatest } from '@/lib/use-latest';
import { errorText } from './error-text';
import type { SeekerDashboard, SeekerOffers } from './types';

// Also the seeker's own accepts and declines (by chat in another tab, or on another device).
const LIVE_EVENTS = [
  'offer.received',
  'offer.withdrawn',
  'offer.accepted',
  'offer.declined',
  'deal.confirmed',
  'deal.completed',
  'deal.cancelled',
  'request.moderated',
] as const;

export function useSeekerData(enabled: boolean) {
  const { t } = useTranslation('seeker');
  const tRef = useRef(t);
  tRef.current = t;
  const [dashboard, setDashboard] = useState<SeekerDashboard | null>(null);
  const [offers, setOffers] = useState<SeekerOffers | null>(null);
  const [failed, setFailed] = useState(false);
  const ticket = useLatest();

  const reload = useCallback(async () => {
    const mine = ticket();
    try {
      const [d, o] = await Promise.all([api<SeekerDashboard>('/api/seeker/dashboard'), api<SeekerOffers>('/api/seeker/offers')]);
      if (!mine.isLatest()) return;
      setDashboard(d);
      setOffers(o);
      setFailed(false);
    } catch (e) {
      if (!mine.isLatest()) return;
      setFailed(true);
      toast.error(tRef.current('toast.loadError'), { description: errorText(e, tRef.current('toast.loadErrorText')) });
    }
  }, [ticket]);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  useLiveEvents(LIVE_EVENTS, () => void reload(), enabled);

  return { dashboard, offers, failed, reload };
}
