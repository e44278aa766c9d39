// Purchases of Goints as the shop doors answer them (server/http/shop.ts), their status badge and a
// same-origin broadcast, so a dashboard in another window refetches the balance the moment a test payment
// went through (the live event over ws says the same; whichever comes first wins).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import type { Receipt } from '../../../core/api/shop.ts';

export type { Receipt };

export type PurchaseStatus = 'created' | 'processing' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded' | 'disputed';

export interface Purchase {
  id: string;
  packageId: string;
  goints: number;
  grossCents: number;
  status: PurchaseStatus | string;
  provider: 'stripe' | 'test' | string;
  receiptNumber: string | null;
  reversedGoints: number;
  owedGoints: number;
  createdAt: string;
  paidAt: string | null;
}

export const shopApi = {
  purchases: () => api<{ purchases: Purchase[] }>('/api/shop/purchases'),
  purchase: (id: string) => api<Purchase>(`/api/shop/purchases/${encodeURIComponent(id)}`),
  receipt: (id: string) => api<Receipt>(`/api/shop/purchases/${encodeURIComponent(id)}/receipt`),
  payTest: (id: string) => api<{ purchaseId: string; credited: boolean }>(`/api/shop/test-checkout/${encodeURIComponent(id)}/pay`, { method: 'POST' }),
  cancelTest: (id: string) => api<{ ok: true }>(`/api/shop/test-checkout/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
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
