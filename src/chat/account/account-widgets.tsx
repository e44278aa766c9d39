// Renderers of the chat tools that show a person's own data (deals, requests, payout methods and payouts,
// favourites, the provider's profile, purchases and trade documents, partner commissions): cards over the
// server's data (core/chat/output-types.ts). Buttons send the words a person could type
// ('Deal #a1b2c3 bestätigen'), so they take the same way through the chat and its confirmations.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Building2, CheckCircle2, Clock, ExternalLink, FileText, Landmark, MapPin, Receipt, ShieldCheck, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatEuro, GointsAmount } from '@/components/market';
import { PayoutStatusBadge } from '@/components/payouts/payout-status';
import { cn } from '@/lib/utils';
import { useChatActions } from '../context.ts';
import { WidgetCard } from '../intake/controls.tsx';
import { link, ListCard, Pending, Row, TONE } from '../tool-renderers/list-card.tsx';
import { list } from '../market/types.ts';
import type { ToolRendererProps } from '../tool-renderers/registry.tsx';
import { ConfirmCard } from '../tool-renderers/confirm-card.tsx';
import type {
  DealRow,
  FavoriteRow,
  ListDealsData,
  ListMyRequestsData,
  ListTradeDocumentsData,
  MyRequestRow,
  PartnerEarningsData,
  PayoutMethodRow,
  PayoutRow,
  ProviderProfileData,
  PurchaseRow,
  TradeDocumentRow,
} from '../../../core/chat/output-types.ts';

const iconClass = 'size-4 text-primary';

// ---------------------------------------------------------------------------------------------------
// Deals (listDeals): value, the other side, who still has to confirm, and 'Bestätigen'.

function whoConfirms(d: DealRow): 'me' | 'them' | 'done' | null {
  if (d.status === 'completed' || d.status === 'cancelled') return null;
  if (d.waitingForMe) return 'me';
  const theirs = d.role === 'provider' ? d.seekerConfirmed : d.providerConfirmed;
  return theirs ? 'done' : 'them';
}

function DealItem({ d }: { d: DealRow }) {
  const { t } = useTranslation('chataccount');
  const { send, busy, lang } = useChatActions();
  const who = whoConfirms(d);
  const tone = d.status === 'completed' ? TONE.good : d.status === 'cancelled' ? TONE.quiet : who === 'me' ? TONE.wait : TONE.quiet;
  return (
    <Row testId="chat-deal" refId={d.ref}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium">
          {d.category}
          {d.place && <span className="font-normal text-muted-foreground"> · {d.place}</span>}
        </p>
        <p className="shrink-0 font-bold tabular-nums">
          <span className="sr-only">{t('deals.value')}: </span>
          <span data-testid="chat-deal-value">{formatEuro(d.valueCents, lang)}</span>
        </p>
      </div>
      <p className="text-xs text-muted-foreground">
        #{d.ref} · <span data-testid="chat-deal-counterpart">{t('deals.with', { name: d.counterpart })}</span>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge className={tone} data-testid="chat-deal-status" data-status={d.status}>
          {t(`chatmarket:dealStatus.${d.status}`, { context: d.role, defaultValue: d.status })}
        </Badge>
        {who === 'me' ? (
          <Button
            size="sm"
            disabled={busy}
            data-testid="chat-deal-confirm"
            aria-label={t('deals.confirmLabel', { ref: d.ref })}
            onClick={() => send(t('chatmarket:say.confirmDeal', { ref: d.ref }))}
          >
            {t('deals.confirmButton')}
          </Button>
        ) : who === 'them' ? (
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="chat-deal-waiting">
            <Clock className="size-3.5" aria-hidden />
            {t('deals.theyConfirm', { name: d.counterpart })}
          </span>
        ) : who === 'done' ? (
          <span className="inline-flex items-center gap-1 text-xs text-emerald-700">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {t('deals.confirmed')}
          </span>
        ) : null}
      </div>
    </Row>
  );
}

function ListDeals({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = (output.data ?? {}) as Partial<ListDealsData>;
  const deals = list<DealRow>(data.deals);
  const waiting = deals.filter((d) => d.waitingForMe).length;
  const dashboard = deals[0]?.role === 'provider' ? '/anbieter/dashboard' : '/suchende-dashboard';
  return (
    <ListCard
      testId="chat-deals"
      title={t('deals.title')}
      icon={<Building2 className={iconClass} aria-hidden />}
      label={t('deals.listLabel')}
      empty={t('deals.empty')}
      count={deals.length}
      footer={
        deals.length > 0 && (
          <>
            {waiting > 0 && <p className="text-xs font-medium text-amber-900">{t('deals.waiting', { count: waiting })}</p>}
            <a className={link} href={dashboard}>
              {t('toDashboard')}
            </a>
          </>
        )
      }
    >
      {deals.map((d) => (
        <DealItem key={d.ref} d={d} />
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// The seeker's requests (listMyRequests).

const requestTone = (status: string) =>
  status === 'open' ? TONE.good : status === 'review' || status === 'draft' ? TONE.wait : status === 'rejected' ? TONE.bad : TONE.quiet;

function RequestItem({ r }: { r: MyRequestRow }) {
  const { t } = useTranslation('chataccount');
  const { send, busy } = useChatActions();
  return (
    <Row testId="chat-my-request" refId={r.ref}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium">{r.category}</p>
        <Badge className={requestTone(r.status)} data-testid="chat-my-request-status" data-status={r.status}>
          {t(`chat:status.${r.status}`, { defaultValue: r.status })}
        </Badge>
      </div>
      <p className="line-clamp-2 text-sm">{r.description}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>#{r.ref}</span>
        {r.place && (
          <span className="inline-flex items-center gap-1">
            <MapPin className="size-3" aria-hidden />
            {r.place}
          </span>
        )}
        <span data-testid="chat-my-request-offers">{t('requests.offers', { count: r.offers })}</span>
        <span>{t('requests.unlocked', { count: r.unlocked })}</span>
        {r.dealStatus && <span>{t(`chatmarket:dealStatus.${r.dealStatus}`, { context: 'seeker', defaultValue: r.dealStatus })}</span>}
      </p>
      {(r.offers > 0 || r.closable) && (
        <div className="flex flex-wrap gap-2">
          {r.offers > 0 && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => send(t('requests.sayOffers'))}>
              {t('requests.showOffers')}
            </Button>
          )}
          {r.closable && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              data-testid="chat-my-request-close"
              aria-label={t('requests.closeLabel', { ref: r.ref })}
              onClick={() => send(t('requests.closeLabel', { ref: r.ref }))}
            >
              {t('requests.close')}
            </Button>
          )}
        </div>
      )}
    </Row>
  );
}

function ListMyRequests({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = (output.data ?? {}) as Partial<ListMyRequestsData>;
  const requests = list<MyRequestRow>(data.requests);
  return (
    <ListCard
      testId="chat-my-requests"
      title={t('requests.title')}
      icon={<FileText className={iconClass} aria-hidden />}
      label={t('requests.listLabel')}
      empty={t('requests.empty')}
      count={requests.length}
      footer={
        requests.length > 0 && (
          <a className={link} href="/suchende-dashboard">
            {data.more ? t('requests.more') : t('toDashboard')}
          </a>
        )
      }
    >
      {requests.map((r) => (
        <RequestItem key={r.ref} r={r} />
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// Payout methods (listPayoutMethods) and payouts (listPayouts).

function ListPayoutMethods({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  const { send, busy } = useChatActions();
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const methods = list<PayoutMethodRow>(output.data?.methods);
  return (
    <ListCard
      testId="chat-payout-methods"
      title={t('payoutMethods.title')}
      icon={<Landmark className={iconClass} aria-hidden />}
      label={t('payoutMethods.listLabel')}
      empty={t('payoutMethods.empty')}
      count={methods.length}
    >
      {methods.map((m) => (
        <Row key={m.ref} testId="chat-payout-method" refId={m.ref}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0 font-medium">
              <span className="text-muted-foreground">{t(`payouts:methods.types.${m.type}`)} · </span>
              <span className="font-mono tabular-nums" data-testid="chat-payout-method-label">
                {m.label}
              </span>
            </p>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={t('payoutMethods.removeLabel', { ref: m.ref })}
              onClick={() => send(t('payoutMethods.removeLabel', { ref: m.ref }))}
            >
              {t('payoutMethods.remove')}
            </Button>
          </div>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <span>#{m.ref}</span>
            {m.accountHolder && <span>{t('payoutMethods.holder', { name: m.accountHolder })}</span>}
            {m.type === 'stripe' ? (
              <span className={cn('inline-flex items-center gap-1', m.stripeStatus === 'enabled' && 'text-emerald-700')}>
                {m.stripeStatus === 'enabled' && <BadgeCheck className="size-3.5" aria-hidden />}
                {t(`payouts:stripe.status.${m.stripeStatus ?? 'onboarding'}`)}
              </span>
            ) : (
              <span className={cn('inline-flex items-center gap-1', m.verified && 'text-emerald-700')}>
                {m.verified && <BadgeCheck className="size-3.5" aria-hidden />}
                {m.verified ? t('payoutMethods.verified') : t('payoutMethods.notVerified')}
              </span>
            )}
          </p>
        </Row>
      ))}
    </ListCard>
  );
}

/** addPayoutMethod: its confirm card; after the click for Stripe Connect, the link to Stripe's onboarding. */
function AddPayoutMethod({ toolName, output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  if (output?.confirmation) return <ConfirmCard toolName={toolName} confirmation={output.confirmation} />;
  const url = output?.accepted ? output.data?.onboardingUrl : undefined;
  if (typeof url !== 'string' || !url.startsWith('https://')) return null;
  return (
    <WidgetCard data-testid="chat-stripe-onboarding" className="flex flex-col gap-2">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldCheck className={iconClass} aria-hidden />
        {t('stripeOnboarding.title')}
      </p>
      <p className="text-sm text-muted-foreground">{t('stripeOnboarding.text')}</p>
      <Button asChild className="sm:self-start">
        <a href={url} data-testid="chat-stripe-onboarding-link">
          <ExternalLink aria-hidden />
          {t('stripeOnboarding.link')}
        </a>
      </Button>
    </WidgetCard>
  );
}

function ListPayouts({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  const { lang } = useChatActions();
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const payouts = list<PayoutRow>(output.data?.payouts);
  return (
    <ListCard
      testId="chat-payouts"
      title={t('payouts.title')}
      icon={<Wallet className={iconClass} aria-hidden />}
      label={t('payouts.listLabel')}
      empty={t('payouts.empty')}
      count={payouts.length}
    >
      {payouts.map((p) => (
        <Row key={p.ref} testId="chat-payout" refId={p.ref}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-bold tabular-nums" data-testid="chat-payout-amount">
              {formatEuro(p.amountCents, lang)}
            </p>
            <PayoutStatusBadge status={p.status} />
          </div>
          <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
            <span className="font-mono">{p.method}</span>
            <span>{t(`payouts.source.${p.source}`, { defaultValue: p.source })}</span>
            <span>{t('payouts.requestedOn', { date: formatDate(p.requestedAt, lang) })}</span>
          </p>
        </Row>
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// Favourites (listFavorites).

function ListFavorites({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  const { send, busy } = useChatActions();
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const favorites = list<FavoriteRow>(output.data?.favorites);
  return (
    <ListCard
      testId="chat-favorites"
      title={t('favorites.title')}
      icon={<BadgeCheck className={iconClass} aria-hidden />}
      label={t('favorites.listLabel')}
      empty={t('favorites.empty')}
      count={favorites.length}
    >
      {favorites.map((f) => (
        <Row key={f.ref} testId="chat-favorite" refId={f.ref}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="min-w-0">
              {f.id ? (
                <a href={`/anbieter/${f.id}`} className="font-medium hover:underline">
                  {f.name}
                </a>
              ) : (
                <span className="font-medium">{f.name}</span>
              )}
              {f.place && <span className="text-xs text-muted-foreground"> · {f.place}</span>}
            </p>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={t('favorites.removeLabel', { name: f.name })}
              onClick={() => send(t('favorites.say.remove', { ref: f.ref }))}
            >
              {t('favorites.remove')}
            </Button>
          </div>
        </Row>
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// The provider's profile (showProviderProfile), purchases (listPurchases), documents (listTradeDocuments).

function ShowProviderProfile({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const p = (output.data ?? {}) as Partial<ProviderProfileData>;
  const verification = p.profile?.verification ?? 'none';
  const rows: [string, ReactNode, string][] = [
    [t('profile.categories'), p.categories, 'categories'],
    [t('profile.area'), t('profile.areaValue', { area: p.area ?? '', radius: p.radius ?? '' }), 'area'],
    [t('profile.matches'), p.matches, 'matches'],
    [t('profile.minBudget'), p.minBudget, 'minBudget'],
  ];
  return (
    <WidgetCard data-testid="chat-provider-profile">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Building2 className={iconClass} aria-hidden />
        <span data-testid="chat-provider-profile-company">{p.company}</span>
      </h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm @sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value, key]) => (
          <div key={key} className="contents">
            <dt className="text-xs text-muted-foreground @sm:text-sm">{label}</dt>
            <dd className="mb-1 @sm:mb-0" data-testid={`chat-provider-profile-${key}`}>
              {value}
            </dd>
          </div>
        ))}
        <dt className="text-xs text-muted-foreground @sm:text-sm">{t('profile.verification')}</dt>
        <dd>
          <Badge
            className={verification === 'verified' ? TONE.good : verification === 'rejected' ? TONE.bad : verification === 'pending' ? TONE.wait : TONE.quiet}
            data-testid="chat-provider-profile-verification"
            data-status={verification}
          >
            {p.verification}
          </Badge>
        </dd>
      </dl>
      <a className={cn(link, 'mt-3')} href="/anbieter/dashboard">
        {t('profile.edit')}
      </a>
    </WidgetCard>
  );
}

const purchaseTone = (status: string) =>
  status === 'paid'
    ? TONE.good
    : status === 'created' || status === 'processing'
      ? TONE.wait
      : status === 'failed' || status === 'disputed'
        ? TONE.bad
        : TONE.quiet;

function ListPurchases({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  const { lang } = useChatActions();
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const purchases = list<PurchaseRow>(output.data?.purchases);
  return (
    <ListCard
      testId="chat-purchases"
      title={t('purchases.title')}
      icon={<Receipt className={iconClass} aria-hidden />}
      label={t('purchases.listLabel')}
      empty={t('purchases.empty')}
      count={purchases.length}
    >
      {purchases.map((p) => (
        <Row key={p.ref} testId="chat-purchase" refId={p.ref}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <GointsAmount value={p.goints} />
            <p className="font-bold tabular-nums" data-testid="chat-purchase-price">
              {formatEuro(p.grossCents, lang)}
            </p>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
            <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
              <Badge className={purchaseTone(p.status)} data-status={p.status}>
                {t(`shop:status.${p.status}`, { defaultValue: p.status })}
              </Badge>
              {formatDate(p.createdAt, lang)}
            </span>
            {p.receiptUrl && p.receiptNumber && (
              <a className={link} href={p.receiptUrl} aria-label={t('purchases.receiptLabel', { number: p.receiptNumber })} data-testid="chat-purchase-receipt">
                <ExternalLink className="size-3" aria-hidden />
                {t('purchases.receipt', { number: p.receiptNumber })}
              </a>
            )}
          </div>
        </Row>
      ))}
    </ListCard>
  );
}

const documentTone = { pending: TONE.wait, approved: TONE.good, rejected: TONE.bad } as const;

function ListTradeDocuments({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  const { lang } = useChatActions();
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = (output.data ?? {}) as Partial<ListTradeDocumentsData>;
  const documents = list<TradeDocumentRow>(data.documents);
  return (
    <ListCard
      testId="chat-documents"
      title={t('documents.title')}
      icon={<FileText className={iconClass} aria-hidden />}
      label={t('documents.listLabel')}
      empty={t('documents.empty')}
      count={documents.length}
      footer={
        <>
          {data.verificationText && (
            <p className="w-full text-sm" data-testid="chat-documents-verification" data-status={data.verification}>
              {data.verificationText}
            </p>
          )}
          <a className={link} href="/anbieter/dashboard">
            {t('documents.upload')}
          </a>
        </>
      }
    >
      {documents.map((d, i) => (
        <Row key={`${d.kind}-${i}`} testId="chat-document">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">{t(`chat:providerProfile.document.${d.kind}`, { defaultValue: d.kind })}</p>
            <Badge className={documentTone[d.status] ?? TONE.quiet} data-status={d.status}>
              {t(`documents.status.${d.status}`, { defaultValue: d.status })}
            </Badge>
          </div>
          <p className="text-xs break-all text-muted-foreground">
            {d.fileName} · {formatDate(d.createdAt, lang)}
          </p>
          {d.note && <p className="text-xs">{d.note}</p>}
        </Row>
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// Partner commissions (showPartnerEarnings).

function ShowPartnerEarnings({ output }: ToolRendererProps) {
  const { t } = useTranslation('chataccount');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const e = (output.data ?? {}) as Partial<PartnerEarningsData>;
  const rows: [string, string | undefined, string | undefined, string][] = [
    [t('partnerEarnings.total'), e.totalEuro, e.totalGoints, 'total'],
    [t('partnerEarnings.month'), e.monthEuro, e.monthGoints, 'month'],
    [t('partnerEarnings.pending'), e.pendingEuro, undefined, 'pending'],
    [t('partnerEarnings.available'), e.availableEuro, undefined, 'available'],
  ];
  return (
    <WidgetCard data-testid="chat-partner-earnings">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Wallet className={iconClass} aria-hidden />
        {t('partnerEarnings.title')}
      </h3>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        {rows.map(([label, euro, goints, key]) => (
          <div key={key} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={cn('text-right tabular-nums', key === 'available' && 'font-bold')} data-testid={`chat-partner-earnings-${key}`}>
              {euro}
              {goints && <span className="block text-xs text-muted-foreground">{goints} Goints</span>}
            </dd>
          </div>
        ))}
      </dl>
      <a className={cn(link, 'mt-3')} href="/affiliate/dashboard">
        {t('partnerEarnings.toDashboard')}
      </a>
    </WidgetCard>
  );
}

/** The widgets by tool name; lazy-register.ts registers them so they load with their first card. */
export const accountWidgets = {
  listDeals: ListDeals,
  listMyRequests: ListMyRequests,
  listPayoutMethods: ListPayoutMethods,
  addPayoutMethod: AddPayoutMethod,
  listPayouts: ListPayouts,
  listFavorites: ListFavorites,
  showProviderProfile: ShowProviderProfile,
  listPurchases: ListPurchases,
  listTradeDocuments: ListTradeDocuments,
  showPartnerEarnings: ShowPartnerEarnings,
};
