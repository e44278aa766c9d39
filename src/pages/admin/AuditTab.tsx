// 'Protokoll': the audit log of admin changes (append-only on the server), newest first, filtered by the kind
// of change, the admin and dates, paged with 'more'; each entry's before and after in the admin's words
// (core/audit/describe-audit.ts), times in German time as the whole admin area shows them.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { berlinDayBound, describeAuditEntry, formatDateTimeBerlin, type AuditChangeRow, type Translate } from '../../../core/audit/describe-audit.ts';
import { adminApi, type AuditFilter, type AuditRow } from './admin-api';
import { EmptyState, LoadFailed } from './admin-dialogs';

const PAGE = 25;

/** The kinds of change an admin filters by: each is the prefix of its actions. */
export const AUDIT_AREAS = [
  ['settings.', 'settings'],
  ['request.', 'request'],
  ['verification.', 'verification'],
  ['payout.', 'payout'],
  ['sepaBatch.', 'sepaBatch'],
  ['user.', 'user'],
  ['price.', 'price'],
  ['followUp.', 'followUpScript'],
  ['commissionPlan.', 'commissionPlan'],
  ['commission.', 'commission'],
  ['marketingMaterial.', 'marketingMaterial'],
  ['academyVideo.', 'academyVideo'],
  ['job.', 'job'],
  ['report.', 'report'],
] as const;

export function AuditTab() {
  const { t, i18n } = useTranslation('admin');
  const [form, setForm] = useState<Required<Omit<AuditFilter, 'before' | 'entityType'>>>({ action: '', actor: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [entries, setEntries] = useState<AuditRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'de';

  const load = (f: AuditFilter, more = false) =>
    adminApi.audit(f, PAGE).then(
      (r) => {
        setEntries((prev) => (more && prev ? [...prev, ...r.entries] : r.entries));
        setNext(r.nextBefore);
        setFailed(false);
      },
      () => setFailed(true),
    );
  useEffect(() => void load(filter), [filter]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    // Dates are whole days in German time, as the times are shown: 'to' includes its day.
    const day = (d: string, end: boolean) => (d ? berlinDayBound(d, end) : undefined);
    const f: AuditFilter = {};
    if (form.action) f.action = form.action;
    if (form.actor.trim()) f.actor = form.actor.trim();
    const from = day(form.from, false);
    const to = day(form.to, true);
    if (from) f.from = from;
    if (to) f.to = to;
    setEntries(null);
    setFilter(f);
  };

  const field = (key: keyof typeof form, type = 'text') => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`audit-${key}`}>{t(`audit.filter.${key}`)}</Label>
      <Input
        id={`audit-${key}`}
        type={type}
        value={form[key]}
        maxLength={200}
        placeholder={type === 'text' ? t(`audit.filter.${key}Placeholder`) : undefined}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
      />
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5 xl:items-end" aria-label={t('audit.filter.title')}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-action">{t('audit.filter.area')}</Label>
          <NativeSelect id="audit-action" value={form.action} onChange={(e) => setForm((f) => ({ ...f, action: e.target.value }))}>
            <option value="">{t('audit.filter.allAreas')}</option>
            {AUDIT_AREAS.map(([prefix, entity]) => (
              <option key={prefix} value={prefix}>
                {t(`audit.entities.${entity}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {field('actor')}
        {field('from', 'date')}
        {field('to', 'date')}
        <Button type="submit">
          <Filter />
          {t('audit.filter.apply')}
        </Button>
      </form>
      {failed ? (
        <LoadFailed onRetry={() => void load(filter)} />
      ) : !entries ? (
        <Skeleton className="h-64" />
      ) : entries.length === 0 ? (
        <EmptyState icon={<History className="size-8" aria-hidden />} text={t('audit.empty')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="audit-list">
            {entries.map((e) => (
              <li key={e.id}>
                <AuditEntry entry={e} lang={lang} />
              </li>
            ))}
          </ul>
          {next && (
            <Button variant="outline" className="self-center" onClick={() => void load({ ...filter, before: next }, true)}>
              {t('audit.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function AuditEntry({ entry: e, lang }: { entry: AuditRow; lang: 'de' | 'en' }) {
  const { t } = useTranslation('admin');
  const d = describeAuditEntry(e, t as unknown as Translate, lang);
  return (
    <Card data-action={e.action}>
      <CardContent className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 font-medium [overflow-wrap:anywhere]">{d.title}</p>
          <time dateTime={e.createdAt} className="text-xs text-muted-foreground tabular-nums">
            {formatDateTimeBerlin(e.createdAt, lang)}
          </time>
        </div>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {t('audit.by', { actor: e.actorEmail ?? t('audit.system'), subject: d.subject })}{' '}
          <Badge className="ml-1">{t(`audit.via.${e.via}`, { defaultValue: t('audit.via.system') })}</Badge>
        </p>
        {e.reason && <p className="text-sm">{t('audit.reason', { reason: e.reason })}</p>}
        <Diff rows={d.rows} />
      </CardContent>
    </Card>
  );
}

function Diff({ rows }: { rows: AuditChangeRow[] }) {
  const { t } = useTranslation('admin');
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('audit.diff.field')}
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              {t('audit.diff.before')}
            </th>
            <th scope="col" className="py-1 font-medium">
              {t('audit.diff.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t align-top">
              <th scope="row" className="min-w-20 py-1 pr-3 text-left text-xs font-medium break-words hyphens-auto">
                {r.label}
              </th>
              <td className="py-1 pr-3 [overflow-wrap:anywhere] text-muted-foreground line-through decoration-destructive/60">{r.before ?? '–'}</td>
              <td className="py-1 [overflow-wrap:anywhere] font-medium">{r.after ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
