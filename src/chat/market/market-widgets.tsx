// Renderers of the marketplace chat tools (server/chat/tools/market.ts).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { GointsAmount, formatEuro } from '@/components/market';
import { GointsShopDialog, PackageCard, useBuyPackage, type ShopCatalog, type ShopPackage } from '@/components/shop/goints-shop-dialog';
import { useChatActions } from '../context.ts';
import { WidgetCard } from '../intake/controls.tsx';
import { ConfirmCard } from '../tool-renderers/confirm-card.tsx';
import { registerToolRenderer, type ToolRendererProps } from '../tool-renderers/registry.tsx';
import { MatchCardView, MatchList } from './match-cards.tsx';
import { OfferFormWidget, type OfferPrefill } from './offer-form.tsx';
import { OffersWidget, ReviewForm } from './offers.tsx';
import { list, type ChatDealToRate, type ChatMatchCard, type ChatOffer, type ListMatchesData } from './types.ts';
import type { RateDealData } from '../../../core/chat/output-types.ts';

function Pending() {
  const { t } = useTranslation('chat');
  return <p className="text-xs text-muted-foreground italic">{t('tool.running')}</p>;
}

function ListMatches({ output }: ToolRendererProps) {
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const matches = list<ChatMatchCard>(output.data?.matches);
  const filter = (output.data as Partial<ListMatchesData> | undefined)?.filter;
  return matches.length ? <MatchList matches={matches} more={output.data?.more === true} {...(filter ? { filter } : {})} /> : null;
}

function UnlockRequest({ toolName, output }: ToolRendererProps) {
  const { t } = useTranslation('chatmarket');
  if (!output) return <Pending />;
  const match = output.data?.match as ChatMatchCard | undefined;
  if (!output.confirmation) return null;
  return (
    <ConfirmCard
      toolName={toolName}
      confirmation={output.confirmation}
      details={match ? <MatchCardView m={match} actions={false} /> : null}
      renderResult={(result) => {
        const unlocked = result.data?.match as ChatMatchCard | undefined;
        return (
          <div data-testid="chat-unlocked">
            <p className="mt-2 text-sm font-medium">{t('unlockedToast')}</p>
            {unlocked && <MatchCardView m={unlocked} />}
          </div>
        );
      }}
    />
  );
}

function StartOffer({ output, isLatest }: ToolRendererProps) {
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const match = output.data?.match as ChatMatchCard | undefined;
  const ref = String(output.data?.ref ?? '');
  const prefill = output.data?.prefill as OfferPrefill | undefined;
  return (
    <>
      {match && <MatchCardView m={match} actions={false} />}
      {isLatest && output.state === 'writingOffer' && <OfferFormWidget reference={ref} {...(prefill ? { prefill } : {})} />}
    </>
  );
}

function ShowBalance({ output }: ToolRendererProps) {
  const { t } = useTranslation('chatmarket');
  const { lang } = useChatActions();
  const [shop, setShop] = useState(false);
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const d = output.data ?? {};
  return (
    <WidgetCard data-testid="chat-balance">
      {d.role === 'provider' ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <GointsAmount value={Number(d.goints ?? 0)} size="md" className="text-lg" testId="chat-balance-goints" />
          <Button size="sm" variant="hero" onClick={() => setShop(true)} data-testid="chat-buy-goints">
            {t('buyGoints')}
          </Button>
          <GointsShopDialog open={shop} onOpenChange={setShop} />
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <GointsAmount value={Number(d.earningsGoints ?? 0)} size="md" className="text-lg" testId="chat-balance-goints" />
          <p className="text-sm text-muted-foreground">{t('earningsEuro', { amount: formatEuro(Number(d.earningsCents ?? 0), lang) })}</p>
        </div>
      )}
    </WidgetCard>
  );
}

function ListOffers({ output }: ToolRendererProps) {
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const offers = list<ChatOffer>(output.data?.offers);
  const toRate = list<ChatDealToRate>(output.data?.toRate);
  return offers.length || toRate.length ? <OffersWidget offers={offers} toRate={toRate} /> : null;
}

/** 'Ich möchte Elektro Schmitz bewerten': the rating form, filled with the stars and words already said. */
function RateDeal({ output }: ToolRendererProps) {
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = output.data as RateDealData | undefined;
  if (!data?.toRate?.length) return null;
  return (
    <div className="flex flex-col">
      {data.toRate.map((d) => (
        <ReviewForm key={d.id} deal={d} prefill={data.prefill} />
      ))}
    </div>
  );
}

function BuyGoints({ output }: ToolRendererProps) {
  const { t } = useTranslation('shop');
  const checkout = output?.data?.checkout === 'stripe' ? 'stripe' : output?.data?.checkout === 'off' ? 'off' : 'test';
  const { buy, buying } = useBuyPackage(checkout as ShopCatalog['checkout']);
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const packages = list<ShopPackage>(output.data?.packages);
  return (
    <div data-testid="chat-shop" className="@container mt-3 flex w-full flex-col gap-3">
      {checkout === 'test' && <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">{t('testNotice')}</p>}
      {checkout === 'off' && <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">{t('checkoutOff')}</p>}
      <div className="grid gap-4 pt-2 @lg:grid-cols-3">
        {packages.map((pkg) => (
          <PackageCard key={pkg.id} pkg={pkg} buying={buying} onBuy={(p) => void buy(p)} compact />
        ))}
      </div>
    </div>
  );
}

/** Renders every marketplace tool's output (call once, before the chat renders). */
/** The marketplace widgets by tool name; lazy-register.ts registers them so they load with their first card. */
export const marketWidgets = {
  listMatches: ListMatches,
  unlockRequest: UnlockRequest,
  startOffer: StartOffer,
  showBalance: ShowBalance,
  listOffers: ListOffers,
  buyGoints: BuyGoints,
  rateDeal: RateDeal,
  // The offers a provider sent: the same match cards, only those with an offer.
  listSentOffers: ListMatches,
};

export function registerMarketRenderers(): void {
  for (const [name, component] of Object.entries(marketWidgets)) registerToolRenderer(name, component);
}
