// The Goints shop (from 'Goints kaufen' and from the chat): three packages, why Goints, one buy button each.
// The purchase is created on the server; its payment page (Stripe Checkout, or the built-in test checkout)
// opens in a new window, and the Goints arrive when the payment is confirmed (live, over ws).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { GointsAmount, GointsCoin, formatEuro } from '@/components/market';
import { call } from '@/lib/contract-client';
import { shopContract } from '../../../core/contract/shop.ts';
import type { ResponseOf } from '../../../core/contract/endpoint.ts';
import { cn } from '@/lib/utils';

/** The catalogue and a package as the shop's endpoint answers them (core/contract/shop.ts). */
export type ShopCatalog = ResponseOf<typeof shopContract.packages>;
export type ShopPackage = ShopCatalog['packages'][number];

/** Creating a purchase and opening its payment page in a new window; one at a time. */
export function useBuyPackage(checkout: ShopCatalog['checkout'] | undefined) {
  const { t } = useTranslation('shop');
  const [buying, setBuying] = useState<ShopPackage['id'] | null>(null);
  async function buy(pkg: ShopPackage) {
    if (buying) return;
    setBuying(pkg.id);
    // Opened on the click itself, so no pop-up blocker stops it; the address follows once the server answers.
    const win = window.open('', '_blank');
    try {
      const { url } = await call(shopContract.checkout, { body: { packageId: pkg.id } });
      if (win) win.location.href = url;
      else window.location.href = url;
      toast.success(t(checkout === 'stripe' ? 'toast.redirect.title' : 'toast.test.title'), { description: t('toast.redirect.text') });
    } catch {
      win?.close();
      toast.error(t('toast.error.title'), { description: t('toast.error.text') });
    } finally {
      setBuying(null);
    }
  }
  return { buy, buying };
}

export function PackageCard({
  pkg,
  buying,
  onBuy,
  compact = false,
}: {
  pkg: ShopPackage;
  buying: ShopPackage['id'] | null;
  onBuy: (pkg: ShopPackage) => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation('shop');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <div
      data-testid={`package-${pkg.id}`}
      className={cn(
        'relative flex flex-col gap-3 rounded-xl border bg-card p-4',
        pkg.popular && 'border-primary shadow-md ring-1 ring-primary',
        compact && 'gap-2 p-3',
      )}
    >
      {pkg.popular && (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
          <Sparkles className="size-3" aria-hidden />
          {t('popular')}
        </span>
      )}
      <h3 className="text-base font-semibold">{t(`packages.${pkg.id}`)}</h3>
      <GointsAmount value={pkg.goints} size="md" className={compact ? 'text-base' : 'text-lg'} />
      <p className={cn('font-bold tabular-nums', compact ? 'text-xl' : 'text-2xl')}>{formatEuro(pkg.priceCents, lang)}</p>
      <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <Check className="size-4 text-green-600" aria-hidden />
          {pkg.requestsMin < pkg.requests ? t('requestsRange', { min: pkg.requestsMin, max: pkg.requests }) : t('requests', { count: pkg.requests })}
        </li>
        <li className="flex items-center gap-1.5">
          <Check className="size-4 text-green-600" aria-hidden />
          {t('vatIncluded')}
        </li>
        {pkg.savingsCents > 0 && (
          <li className="font-medium text-green-700">
            {t('savings', { amount: formatEuro(pkg.savingsCents, lang).replace(/[,.]00/, ''), percent: pkg.savingsPercent })}
          </li>
        )}
      </ul>
      <Button
        className="mt-auto"
        variant={pkg.popular ? 'hero' : 'default'}
        disabled={buying !== null}
        aria-busy={buying === pkg.id || undefined}
        onClick={() => onBuy(pkg)}
        data-testid={`buy-${pkg.id}`}
      >
        {buying === pkg.id ? t('loading') : t('buy')}
      </Button>
    </div>
  );
}

export function GointsShopDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shop');
  const [catalog, setCatalog] = useState<ShopCatalog | null>(null);
  const [failed, setFailed] = useState(false);
  const { buy, buying } = useBuyPackage(catalog?.checkout);

  useEffect(() => {
    if (!open || catalog) return;
    call(shopContract.packages).then(setCatalog, () => setFailed(true));
  }, [open, catalog]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-3xl" data-testid="goints-shop">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <GointsCoin size="md" />
            {t('title')}
          </DialogTitle>
          <DialogDescription>
            {catalog && catalog.unlockPriceMaxGoints > catalog.unlockPriceGoints
              ? t('subtitleFrom', { price: catalog.unlockPriceGoints })
              : t('subtitle', { price: catalog?.unlockPriceGoints ?? 50 })}
          </DialogDescription>
        </DialogHeader>
        {catalog?.checkout === 'test' && (
          <p data-testid="shop-test-notice" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('testNotice')}
          </p>
        )}
        {catalog?.checkout === 'off' && (
          <p data-testid="shop-off-notice" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('checkoutOff')}
          </p>
        )}
        {failed && <p className="text-sm text-destructive">{t('toast.error.text')}</p>}
        <div className="grid gap-4 md:grid-cols-3">
          {catalog
            ? catalog.packages.map((pkg) => <PackageCard key={pkg.id} pkg={pkg} buying={buying} onBuy={(p) => void buy(p)} />)
            : !failed && [0, 1, 2].map((i) => <Skeleton key={i} className="h-64" />)}
        </div>
        <div className="rounded-lg bg-muted/60 p-4 text-sm">
          <h3 className="font-semibold">{t('why.title')}</h3>
          <p className="mt-1 text-muted-foreground">{t('why.text')}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
