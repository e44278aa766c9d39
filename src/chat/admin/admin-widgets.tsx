// Renderers of the admin's chat lists: the payouts and trade documents waiting for a decision (each row with
// its two actions), the platform settings and the partners' marketing texts. Cards over the server's data
// (server/chat/tools/output-types.ts); a row's buttons send the words of the outcome's choices, so they take
// the same way through the chat and its confirmation card as typing them. Changes always end on that card.
import { useTranslation } from 'react-i18next';
import { Check, ExternalLink, FileCheck, Megaphone, Settings, Wallet, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useChatActions } from '../context.ts';
import { WidgetCard } from '../intake/controls.tsx';
import { list } from '../market/types.ts';
import { link, ListCard, Pending, Row, TONE } from '../tool-renderers/list-card.tsx';
import type { ToolRendererProps } from '../tool-renderers/registry.tsx';
import type { ChoiceView } from '../tool-renderers/choice-buttons.tsx';
import type {
  AdminPayoutRow,
  DocumentReviewRow,
  ListDocumentReviewsData,
  ListPendingPayoutsData,
  MarketingTextRow,
  SettingRow,
  ShowMarketingTextsData,
} from '../../../core/chat/output-types.ts';

const iconClass = 'size-4 text-primary';

/** The row's actions among the outcome's choices (the tool and the reference they name). */
function rowChoices(choices: readonly ChoiceView[] | undefined, key: string, ref: string): ChoiceView[] {
  return (choices ?? []).filter((c) => c.input?.[key] === ref);
}

/** Approve and reject buttons that send the row's choices. */
function Decide({ choices, approve, reject, label }: { choices: ChoiceView[]; approve: string; reject: string; label: string }) {
  const { send, busy } = useChatActions();
  const [yes, no] = choices;
  if (!yes || !no) return null;
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      <Button size="sm" disabled={busy} data-testid="chat-admin-approve" aria-label={yes.label} onClick={() => send(yes.label)}>
        <Check aria-hidden />
        {approve}
      </Button>
      <Button
        size="sm"
        variant="outline"
        className="text-destructive"
        disabled={busy}
        data-testid="chat-admin-reject"
        aria-label={no.label}
        onClick={() => send(no.label)}
      >
        <X aria-hidden />
        {reject}
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------
// Payouts waiting for approval (listPendingPayouts).

function PayoutItem({ p, choices }: { p: AdminPayoutRow; choices: ChoiceView[] }) {
  const { t } = useTranslation('chatadmin');
  return (
    <Row testId="chat-admin-payout" refId={p.ref}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium">{p.name}</p>
        <p className="shrink-0 font-bold tabular-nums" data-testid="chat-admin-payout-amount">
          {p.amount}
        </p>
      </div>
      <p className="text-xs break-words text-muted-foreground">
        #{p.ref} · {p.email} · {p.method}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        {/* Held ones need a decision first; a requested one just waits (as the payouts tab shows them). */}
        {p.status === 'held' && (
          <Badge className={TONE.wait} data-status={p.status}>
            {p.statusLabel}
          </Badge>
        )}
        <span>{t('payouts.requested', { date: p.requested })}</span>
        <span aria-hidden>·</span>
        <span>{p.source}</span>
      </p>
      {p.holdReasons.length > 0 && <p className="text-xs text-amber-900">{t('payouts.held', { reasons: p.holdReasons.join('; ') })}</p>}
      <Decide choices={choices} approve={t('payouts.approve')} reject={t('payouts.reject')} label={t('payouts.actions', { ref: p.ref })} />
    </Row>
  );
}

function ListPendingPayouts({ output }: ToolRendererProps) {
  const { t } = useTranslation('chatadmin');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = (output.data ?? {}) as Partial<ListPendingPayoutsData>;
  const payouts = list<AdminPayoutRow>(data.payouts);
  const count = data.count ?? payouts.length;
  return (
    <ListCard
      testId="chat-admin-payouts"
      title={t('payouts.title')}
      icon={<Wallet className={iconClass} aria-hidden />}
      label={t('payouts.listLabel')}
      empty={t('payouts.empty')}
      count={payouts.length}
      footer={
        payouts.length > 0 && (
          <>
            <p className="text-xs font-medium">{t('payouts.total', { count, total: data.total ?? '' })}</p>
            <a className={link} href="/admin?tab=payouts">
              {count > payouts.length ? t('more', { count: count - payouts.length }) : t('toDashboard')}
            </a>
          </>
        )
      }
    >
      {payouts.map((p) => (
        <PayoutItem key={p.ref} p={p} choices={rowChoices(output.choices, 'ref', p.ref)} />
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// Trade documents waiting for review (listDocumentReviews).

function DocumentItem({ d, choices }: { d: DocumentReviewRow; choices: ChoiceView[] }) {
  const { t } = useTranslation('chatadmin');
  return (
    <Row testId="chat-admin-document" refId={d.ref}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium">{d.company}</p>
        <Badge className={TONE.wait}>{d.kindLabel}</Badge>
      </div>
      <p className="text-xs break-words text-muted-foreground">
        #{d.ref} · {d.name} · {d.email}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <a className={link} href={d.fileUrl} target="_blank" rel="noreferrer" data-testid="chat-admin-document-file">
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="break-all">{d.fileName}</span>
          <span className="sr-only"> ({t('documents.newTab')})</span>
        </a>
        <span>{t('documents.uploaded', { date: d.uploaded })}</span>
        {/* A verified provider sending a newer document keeps the badge meanwhile: worth knowing before deciding. */}
        {d.verification === 'verified' && <span className="text-emerald-700">{d.verificationLabel}</span>}
      </p>
      <Decide choices={choices} approve={t('documents.approve')} reject={t('documents.reject')} label={t('documents.actions', { ref: d.ref })} />
    </Row>
  );
}

function ListDocumentReviews({ output }: ToolRendererProps) {
  const { t } = useTranslation('chatadmin');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = (output.data ?? {}) as Partial<ListDocumentReviewsData>;
  const documents = list<DocumentReviewRow>(data.documents);
  const count = data.count ?? documents.length;
  return (
    <ListCard
      testId="chat-admin-documents"
      title={t('documents.title')}
      icon={<FileCheck className={iconClass} aria-hidden />}
      label={t('documents.listLabel')}
      empty={t('documents.empty')}
      count={documents.length}
      footer={
        documents.length > 0 && (
          <a className={link} href="/admin?tab=verifications">
            {count > documents.length ? t('more', { count: count - documents.length }) : t('toDashboard')}
          </a>
        )
      }
    >
      {documents.map((d) => (
        <DocumentItem key={d.ref} d={d} choices={rowChoices(output.choices, 'document', d.ref)} />
      ))}
    </ListCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// Platform settings (showSettings).

function ShowSettings({ output }: ToolRendererProps) {
  const { t } = useTranslation('chatadmin');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const settings = list<SettingRow>(output.data?.settings);
  return (
    <WidgetCard data-testid="chat-admin-settings" data-count={settings.length}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Settings className={iconClass} aria-hidden />
        {t('settings.title')}
      </h3>
      <dl className="mt-2 flex flex-col divide-y divide-border text-sm">
        {settings.map((s) => (
          <div key={s.key} className="grid grid-cols-[1fr_auto] gap-x-3 py-1.5 first:pt-0" data-testid="chat-admin-setting" data-key={s.key}>
            <dt>
              {s.label}
              <span className="block text-xs text-muted-foreground">{s.range}</span>
            </dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="chat-admin-setting-value">
              {s.valueText}
            </dd>
          </div>
        ))}
      </dl>
      <a className={cn(link, 'mt-3')} href="/admin?tab=settings">
        {t('toDashboard')}
      </a>
    </WidgetCard>
  );
}

// ---------------------------------------------------------------------------------------------------
// Marketing texts (showMarketingTexts).

function MarketingItem({ m }: { m: MarketingTextRow }) {
  const { t } = useTranslation('chatadmin');
  return (
    <Row testId="chat-admin-marketing-text" refId={m.ref}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium">
          <span className="text-muted-foreground tabular-nums">{m.n}. </span>
          {m.title}
        </p>
        <span className="flex flex-wrap gap-1">
          <Badge className={TONE.quiet}>{m.categoryLabel}</Badge>
          <Badge className={TONE.quiet}>{m.lang.toUpperCase()}</Badge>
          {!m.active && <Badge className={TONE.wait}>{t('marketing.hidden')}</Badge>}
        </span>
      </div>
      {m.subject && <p className="text-xs text-muted-foreground">{t('marketing.subject', { subject: m.subject })}</p>}
      <p className="line-clamp-3 text-sm whitespace-pre-line">{m.body}</p>
    </Row>
  );
}

function ShowMarketingTexts({ output }: ToolRendererProps) {
  const { t } = useTranslation('chatadmin');
  if (!output) return <Pending />;
  if (!output.accepted) return null;
  const data = (output.data ?? {}) as Partial<ShowMarketingTextsData>;
  const texts = list<MarketingTextRow>(data.texts);
  return (
    <ListCard
      testId="chat-admin-marketing-texts"
      title={t('marketing.title')}
      icon={<Megaphone className={iconClass} aria-hidden />}
      label={t('marketing.listLabel')}
      empty={t('marketing.empty')}
      count={texts.length}
      footer={
        <a className={link} href="/admin?tab=content">
          {t('toDashboard')}
        </a>
      }
    >
      {texts.map((m) => (
        <MarketingItem key={m.ref} m={m} />
      ))}
    </ListCard>
  );
}

/** The widgets by tool name; lazy-register.ts registers them so they load with their first card. */
export const adminWidgets = {
  listPendingPayouts: ListPendingPayouts,
  listDocumentReviews: ListDocumentReviews,
  showSettings: ShowSettings,
  showMarketingTexts: ShowMarketingTexts,
};
