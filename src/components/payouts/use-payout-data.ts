// One data path for the payout area: methods, payouts and the wallet, loaded together and refetched when
// the server reports a payout's progress (or a completed deal) live.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvents, type LiveEvent } from '@/lib/live';
import { WALLET_EVENTS, payoutsApi, type Payout, type PayoutMethod, type Wallet } from './types';

export interface PayoutData {
  methods: PayoutMethod[] | null;
  payouts: Payout[] | null;
  wallet: Wallet | null;
  failed: boolean;
  reload: () => Promise<void>;
}

export function usePayoutData(onEvent?: (e: LiveEvent) => void): PayoutData {
  const [methods, setMethods] = useState<PayoutMethod[] | null>(null);
  const [payouts, setPayouts] = useState<Payout[] | null>(null);
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const [failed, setFailed] = useState(false);
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const n = ++seq.current;
    try {
      const [m, p, w] = await Promise.all([payoutsApi.methods(), payoutsApi.payouts(), payoutsApi.wallet()]);
      if (n !== seq.current) return;
      setMethods(m.methods);
      setPayouts(p.payouts);
      setWallet(w);
      setFailed(false);
    } catch {
      if (n === seq.current) setFailed(true);
    }
  }, []);

  useEffect(() => void reload(), [reload]);

  useLiveEvents(WALLET_EVENTS, (e) => {
    void reload();
    onEvent?.(e);
  });

  return { methods, payouts, wallet, failed, reload };
}
