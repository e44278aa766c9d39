// Purchases of Goints as the shop doors answer them (server/http/shop.ts), their status badge and a
// same-origin broadcast, so a dashboard in another window refetches the balance the moment a test payment
// went through (the live event over ws says the same; whichever comes first wins).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { call } from '@/lib/contract-client';
import { cn } from '@/lib/utils';
import { shopContract, type Purchase, type Receipt } from '../../../core/contract/shop.ts';

export type { Purchase, Receipt };

export const shopApi = {
  purchases: () => call(shopContract.purchases),
  purchase: (id: string) => call(shopContract.purchase, { params: { id } }),
  receipt: (id: string) => call(shopContract.receipt, { params: { id } }),
  payTest: (id: string) => call(shopContract.payTest, { params: { id } }),
  cancelTest: (id: string) => call(shopContract.cancelTest, { params: { id } }),
};

/** Statuses in which the payment may still arrive. */
export const isPending = (status: string) => status === 'created' || status === 'processing';

const TONE: Record<string, string> = {
  created: 'border-slate-300 bg-slate-50 text-slate-700',
  processing: 'border-amber-300 bg-amber-50 text-amber-900',
  paid: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  failed: 'border-red-300 bg-red-50 text-red-800',
  expired: 'border-slate-300 bg-slate-100 text-slate-600',
  refunded: 'border-sky-300 bg-sky-50 text-sky-800',
  partially_refunded: 'border-sky-300 bg-sky-50 text-sky-800',
  disputed: 'border-red-300 bg-red-50 text-red-800',
};

export function PurchaseStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('shop');
  return (
    <Badge className={cn(TONE[status] ?? TONE.created, className)} data-testid="purchase-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

const CHANNEL = 'akut-purchases';

/** Tells other windows of this site that a purchase was paid. */
export function announcePurchasePaid(purchaseId: string) {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(CHANNEL);
  ch.postMessage({ type: 'purchase.completed', purchaseId });
  ch.close();
}

/** Calls handler when another window of this site announces a paid purchase. */
export function usePurchaseAnnouncements(handler: (purchaseId: string) => void) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (m: MessageEvent<{ type?: string; purchaseId?: string }>) => {
      if (m.data?.type === 'purchase.completed' && m.data.purchaseId) ref.current(m.data.purchaseId);
    };
    return () => ch.close();
  }, []);
}
