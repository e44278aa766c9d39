// 'Protokoll': the audit log of admin changes (append-only on the server), newest first, filtered by action
// prefix, entity, actor and dates, paged with 'more'; each entry's before and after as a readable diff.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, History } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { adminApi, type AuditFilter, type AuditRow } from './admin-api';
import { EmptyState, LoadFailed } from './admin-dialogs';

const PAGE = 25;

/** Flattens before/after into rows of one field each: only the fields that differ (or exist on one side). */
export function diffRows(before: unknown, after: unknown): { field: string; before: string | null; after: string | null }[] {
  const flat = (v: unknown, prefix = '', out: Record<string, string> = {}) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) flat(x, prefix ? `${prefix}.${k}` : k, out);
    } else if (v !== undefined && v !== null) out[prefix || '–'] = Array.isArray(v) ? v.join(', ') : String(v);
    return out;
  };
  const b = flat(before);
  const a = flat(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.filter((f) => b[f] !== a[f]).map((f) => ({ field: f, before: b[f] ?? null, after: a[f] ?? null }));
}

export function AuditTab() {
  const { t, i18n } = useTranslation('admin');
  const [form, setForm] = useState<Required<Omit<AuditFilter, 'before'>>>({ action: '', entityType: '', actor: '', from: '', to: '' });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [entries, setEntries] = useState<AuditRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE';

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
    // Dates are whole days in the admin's time zone: 'to' includes its day.
    const day = (d: string, end: boolean) => (d ? new Date(`${d}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);
    const f: AuditFilter = {};
    if (form.action.trim()) f.action = form.action.trim();
    if (form.entityType.trim()) f.entityType = form.entityType.trim();
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
      <form onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6 xl:items-end" aria-label={t('audit.filter.title')}>
        {field('action')}
        {field('entityType')}
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
                <Card data-action={e.action}>
                  <CardContent className="flex flex-col gap-2 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="min-w-0 font-medium [overflow-wrap:anywhere]">
                        {t(`audit.actions.${e.action.replace('.', '_')}`, { defaultValue: e.action })}
                        <span className="ml-2 font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{e.action}</span>
                      </p>
                      <time dateTime={e.createdAt} className="text-xs text-muted-foreground tabular-nums">
                        {new Date(e.createdAt).toLocaleString(locale)}
                      </time>
                    </div>
                    <p className="text-sm text-muted-foreground break-all">
                      {t('audit.who', { actor: e.actorEmail ?? t('audit.system'), entity: e.entityType, id: e.entityId ? e.entityId.slice(0, 8) : '–' })}{' '}
                      <Badge className="ml-1">{t(`audit.via.${e.via}`, { defaultValue: e.via })}</Badge>
                    </p>
                    {e.reason && <p className="text-sm">{t('audit.reason', { reason: e.reason })}</p>}
                    <Diff before={e.before} after={e.after} />
                  </CardContent>
                </Card>
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

function Diff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('admin');
  const rows = diffRows(before, after);
  if (!rows.length) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th className="py-1 pr-3 font-medium">{t('audit.diff.field')}</th>
            <th className="py-1 pr-3 font-medium">{t('audit.diff.before')}</th>
            <th className="py-1 font-medium">{t('audit.diff.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.field} className="border-t align-top">
              <td className="py-1 pr-3 font-mono text-xs break-all">{r.field}</td>
              <td className="py-1 pr-3 break-all text-muted-foreground line-through decoration-destructive/60">{r.before ?? '–'}</td>
              <td className="py-1 break-all font-medium">{r.after ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
