// One data path for the payout area: methods, payouts and the wallet, loaded together and refetched when
// the server reports a payout's progress (or a completed deal) live.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents, type LiveEvent } from '@/lib/live';
import { useLatest } from '@/lib/use-latest';
import { WALLET_EVENTS, payoutsApi, type Payout, type PayoutMethod, type Wallet } from './types';

export interface PayoutData {
  methods: PayoutMethod[] | null;
  payouts: Payout[] | null;
  wallet: Wallet | null;
  failed: boolean;
  /** Loads everything again; resolves with the payouts as loaded (null when it failed or a newer load overtook it). */
  reload: () => Promise<Payout[] | null>;
}

/** `onEvent` runs once the event's reload is done, with the payouts as they are now (else as they were). */
export function usePayoutData(onEvent?: (e: LiveEvent, payouts: Payout[] | null) => void): PayoutData {
  const [methods, setMethods] = useState<PayoutMethod[] | null>(null);
  const [payouts, setPayouts] = useState<Payout[] | null>(null);
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [failed, setFailed] = useState(false);
  const ticket = useLatest();

  const reload = useCallback(async (): Promise<Payout[] | null> => {
    const mine = ticket();
    try {
      const [m, p, w] = await Promise.all([payoutsApi.methods(), payoutsApi.payouts(), payoutsApi.wallet()]);
      if (!mine.isLatest()) return null;
      setMethods(m.methods);
      setPayouts(p.payouts);
      setWallet(w);
      setFailed(false);
      return p.payouts;
    } catch {
      if (mine.isLatest()) setFailed(true);
      return null;
    }
  }, [ticket]);

  useEffect(() => void reload(), [reload]);

  const latest = useRef(payouts);
  latest.current = payouts;
  useLiveEvents(WALLET_EVENTS, (e) => {
    void reload().then((fresh) => onEvent?.(e, fresh ?? latest.current));
  });

  return { methods, payouts, wallet, failed, reload };
}
