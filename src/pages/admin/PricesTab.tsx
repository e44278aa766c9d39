// 'Preisliste verwalten': the price list's entries (category, service type, base price in €, the platform's share
// in %, description), with create, edit and delete; and each category's unlock price now. The same limits and
// parsers as the server (core/prices/price-input.ts); the server checks again and its translated error
// is shown. Decision 032.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { Loader2, Pencil, Plus, Tag, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/contract-client';
import { adminPricesContract, type PriceEntryView, type PriceListView as PriceList } from '../../../core/contract/admin-prices.ts';
import type { BodyOf } from '../../../core/contract/endpoint.ts';
import { CATEGORY_IDS } from '../provider/provider-api';
import { centsToUnlockGoints, parseEuroCents, parsePercentBp, PRICE_LIMITS } from '../../../core/prices/price-input.ts';
import { errorText } from './admin-api';
import { ConfirmDialog, EmptyState, LoadFailed } from './admin-dialogs';
import { formatEuro } from '@/components/market';

/** An entry as the price endpoints answer it (core/contract/admin-prices.ts). */
export type PriceEntry = PriceEntryView;
type Body = BodyOf<typeof adminPricesContract.create>;

const pricesApi = {
  list: () => call(adminPricesContract.list),
  create: (body: Body) => call(adminPricesContract.create, { body }),
  update: (id: string, body: Body) => call(adminPricesContract.update, { params: { id }, body }),
  remove: (id: string) => call(adminPricesContract.remove, { params: { id } }),
};

const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'de-DE');
const euro = formatEuro;
const percent = (bp: number, lang: string) => `${new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(bp / 100)} %`;
const decimal = (n: number, lang: string, digits: number) =>
  new Intl.NumberFormat(locale(lang), { minimumFractionDigits: digits, maximumFractionDigits: 2, useGrouping: false }).format(n);

/** The form as typed; each message is a key of the admin namespace. */
const formSchema = z.object({
  industryCategory: z.enum(CATEGORY_IDS, { message: 'prices.errors.category' }),
  serviceType: z.string().trim().max(PRICE_LIMITS.serviceTypeMax, { message: 'prices.errors.serviceType' }),
  basePrice: z
    .string()
    .transform((v) => parseEuroCents(v.trim()))
    .refine((c): c is number => c !== null && c >= PRICE_LIMITS.minCents && c <= PRICE_LIMITS.maxCents && c % PRICE_LIMITS.stepCents === 0, {
      message: 'prices.errors.basePrice',
    }),
  commissionRate: z
    .string()
    .transform((v) => parsePercentBp(v.trim()))
    .refine((bp): bp is number => bp !== null && bp >= PRICE_LIMITS.minRateBp && bp <= PRICE_LIMITS.maxRateBp, { message: 'prices.errors.commissionRate' }),
  description: z.string().trim().max(PRICE_LIMITS.descriptionMax, { message: 'prices.errors.description' }),
});
type FormValues = z.input<typeof formSchema>;
type FieldKey = keyof FormValues;
/** Where the server's refusal belongs in the form. */
const FIELD_OF_CODE: Record<string, FieldKey> = {
  PRICE_AMOUNT_INVALID: 'basePrice',
  PRICE_RATE_INVALID: 'commissionRate',
  PRICE_CATEGORY_UNKNOWN: 'industryCategory',
  PRICE_ENTRY_EXISTS: 'serviceType',
};

export function PricesTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [list, setList] = useState<PriceList | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<PriceEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<PriceEntry | null>(null);

  const load = () =>
    pricesApi.list().then(
      (l) => {
        setList(l);
        setFailed(false);
      },
      () => setFailed(true),
    );
  useEffect(() => void load(), []);

  const label = (c: string) => t(`intake:categories.${c}`, { defaultValue: c });

  if (!list) return failed ? <LoadFailed onRetry={() => void load()} /> : <Skeleton className="h-80" />;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-1.5">
            <h2 className="text-lg leading-tight font-semibold">{t('prices.title')}</h2>
            <CardDescription>
              {t('prices.text', {
                price: euro(list.defaults.basePriceCents, lang),
                goints: centsToUnlockGoints(list.defaults.basePriceCents),
                rate: percent(list.defaults.commissionRateBp, lang),
              })}
            </CardDescription>
          </div>
          <Button onClick={() => setEditing('new')} data-testid="price-add">
            <Plus aria-hidden />
            {t('prices.add')}
          </Button>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {list.entries.length === 0 ? (
            <EmptyState icon={<Tag className="size-6 text-muted-foreground" aria-hidden />} text={t('prices.empty')} testId="prices-empty" />
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="price-entries">
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th className="py-2 pr-3 font-medium">{t('prices.fields.industryCategory')}</th>
                    <th className="py-2 pr-3 font-medium">{t('prices.fields.serviceType')}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t('prices.fields.basePrice')}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t('prices.unlock')}</th>
                    <th className="py-2 pr-3 text-right font-medium">{t('prices.fields.commissionRate')}</th>
                    <th className="py-2 pr-3 font-medium">{t('prices.fields.description')}</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">{t('prices.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.entries.map((e) => (
                    <tr
                      key={e.id}
                      className="border-b last:border-0"
                      data-testid={`price-row-${e.industryCategory}${e.serviceType ? `-${e.serviceType}` : ''}`}
                    >
                      <td className="py-2 pr-3 font-medium">{label(e.industryCategory)}</td>
                      <td className="py-2 pr-3">{e.serviceType || <span className="text-muted-foreground">{t('prices.wholeCategory')}</span>}</td>
                      <td className="py-2 pr-3 text-right tabular-nums" data-testid="price-base">
                        {euro(e.basePriceCents, lang)}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums" data-testid="price-goints">
                        {t('prices.goints', { goints: e.unlockGoints })}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{percent(e.commissionRateBp, lang)}</td>
                      <td className="max-w-64 py-2 pr-3 text-muted-foreground">{e.description}</td>
                      <td className="py-2">
                        <div className="flex justify-end gap-1">
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setEditing(e)}
                            aria-label={t('prices.editOf', { name: label(e.industryCategory) })}
                            data-testid="price-edit"
                          >
                            <Pencil aria-hidden />
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setRemoving(e)}
                            aria-label={t('prices.deleteOf', { name: label(e.industryCategory) })}
                            data-testid="price-delete"
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="text-xs text-muted-foreground">{t('prices.serviceTypeNote')}</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h3 className="text-base font-semibold">{t('prices.currentTitle')}</h3>
          <CardDescription>{t('prices.currentText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="current-prices">
            {list.categories.map((c) => (
              <li
                key={c.kategorie}
                className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm"
                data-testid={`current-price-${c.kategorie}`}
              >
                <span className="font-medium">{label(c.kategorie)}</span>
                <span className="flex items-center gap-2 tabular-nums">
                  {t('prices.goints', { goints: c.goints })} · {percent(c.commissionRateBp, lang)}
                  {!c.fromEntry && <Badge className="border-slate-200 bg-slate-50 text-slate-700">{t('prices.default')}</Badge>}
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      {editing && (
        <PriceDialog
          entry={editing === 'new' ? null : editing}
          defaults={list.defaults}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('prices.deleteTitle')}
        description={
          removing
            ? t('prices.deleteText', {
                name: `${label(removing.industryCategory)}${removing.serviceType ? ` · ${removing.serviceType}` : ''}`,
                price: euro(list.defaults.basePriceCents, lang),
              })
            : ''
        }
        confirmLabel={t('prices.delete')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          try {
            await pricesApi.remove(removing!.id);
            toast.success(t('prices.toast.deleted'));
            void load();
          } catch (err) {
            toast.error(t('toast.errorTitle'), { description: errorText(err, t('prices.toast.failed')) });
            throw err;
          }
        }}
      />
    </div>
  );
}

function PriceDialog({
  entry,
  defaults,
  onClose,
  onSaved,
}: {
  entry: PriceEntry | null;
  defaults: PriceList['defaults'];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [values, setValues] = useState<FormValues>(() => ({
    industryCategory: entry?.industryCategory ?? 'handwerk',
    serviceType: entry?.serviceType ?? '',
    basePrice: decimal((entry?.basePriceCents ?? defaults.basePriceCents) / 100, lang, 2),
    commissionRate: decimal((entry?.commissionRateBp ?? defaults.commissionRateBp) / 100, lang, 0),
    description: entry?.description ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<FieldKey, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (k: FieldKey, v: string) => {
    setValues((x) => ({ ...x, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const preview = parseEuroCents(values.basePrice.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = formSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldKey, string>> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as FieldKey;
        next[k] ??= t(issue.message, { max: k === 'serviceType' ? PRICE_LIMITS.serviceTypeMax : PRICE_LIMITS.descriptionMax });
      }
      setErrors(next);
      return;
    }
    const d = parsed.data;
    const body: Body = {
      industryCategory: d.industryCategory,
      serviceType: d.serviceType,
      basePriceCents: d.basePrice,
      commissionRateBp: d.commissionRate,
      description: d.description,
    };
    setBusy(true);
    try {
      if (entry) await pricesApi.update(entry.id, body);
      else await pricesApi.create(body);
      toast.success(t(entry ? 'prices.toast.updated' : 'prices.toast.created'));
      onSaved();
    } catch (err) {
      const field: FieldKey | undefined = err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined;
      if (field) setErrors({ [field]: errorText(err, t('prices.toast.failed')) });
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('prices.toast.failed')) });
    } finally {
      setBusy(false);
    }
  };

  const field = (k: FieldKey) => ({
    id: `price-${k}`,
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `price-${k}-error` : undefined,
    'data-testid': `price-${k}`,
  });
  const error = (k: FieldKey) =>
    errors[k] && (
      <p id={`price-${k}-error`} className="text-sm text-destructive" data-testid="price-error">
        {errors[k]}
      </p>
    );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} data-testid="price-dialog">
        <DialogHeader>
          <DialogTitle>{t(entry ? 'prices.editTitle' : 'prices.addTitle')}</DialogTitle>
          <DialogDescription>{t('prices.dialogText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="price-industryCategory">{t('prices.fields.industryCategory')}</Label>
              <NativeSelect {...field('industryCategory')} value={values.industryCategory} onChange={(e) => set('industryCategory', e.target.value)}>
                {CATEGORY_IDS.map((c) => (
                  <option key={c} value={c}>
                    {t(`intake:categories.${c}`, { defaultValue: c })}
                  </option>
                ))}
              </NativeSelect>
              {error('industryCategory')}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="price-serviceType">{t('prices.fields.serviceType')}</Label>
              <Input
                {...field('serviceType')}
                value={values.serviceType}
                placeholder={t('prices.wholeCategory')}
                onChange={(e) => set('serviceType', e.target.value)}
              />
              {error('serviceType')}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="price-basePrice">{t('prices.fields.basePrice')}</Label>
              <div className="relative">
                <Input
                  {...field('basePrice')}
                  inputMode="decimal"
                  className="pr-10 tabular-nums"
                  value={values.basePrice}
                  onChange={(e) => set('basePrice', e.target.value)}
                />
                <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                  €
                </span>
              </div>
              <p className="text-xs text-muted-foreground" data-testid="price-preview">
                {preview !== null && preview % PRICE_LIMITS.stepCents === 0
                  ? t('prices.preview', { goints: centsToUnlockGoints(preview) })
                  : t('prices.hints.basePrice')}
              </p>
              {error('basePrice')}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="price-commissionRate">{t('prices.fields.commissionRate')}</Label>
              <div className="relative">
                <Input
                  {...field('commissionRate')}
                  inputMode="decimal"
                  className="pr-10 tabular-nums"
                  value={values.commissionRate}
                  onChange={(e) => set('commissionRate', e.target.value)}
                />
                <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                  %
                </span>
              </div>
              <p className="text-xs text-muted-foreground">{t('prices.hints.commissionRate')}</p>
              {error('commissionRate')}
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="price-description">{t('prices.fields.description')}</Label>
            <Textarea {...field('description')} value={values.description} onChange={(e) => set('description', e.target.value)} />
            {error('description')}
          </div>
          <p className="text-xs text-muted-foreground">{t('prices.appliesTo')}</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="price-save">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('prices.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
