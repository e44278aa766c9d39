// 'Provisionssystem': the commission plan's pool and ten levels as percentages, the two presets, the same
// limits as the server (checked here as the admin types, and again by the server), a worked example of what
// each level earns from 100 € of platform revenue, live while editing, and the plan's history.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { History, Loader2, Percent, RotateCcw, Save } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { call } from '@/lib/contract-client';
import { cn } from '@/lib/utils';
import { BP, LEVELS, MAX_POOL_BP, PRESETS, presetOf, type CommissionPlanValues, type PresetName } from '../../../core/affiliate/commission-plan.ts';
import type { ResponseOf } from '../../../core/contract/endpoint.ts';
import { adminCommissionsContract } from '../../../core/contract/admin-commissions.ts';
import { errorText } from './admin-api';
import { EmptyState, LoadFailed } from './admin-dialogs';
import { formatDateTime, formatEuro } from '@/components/market';

type PlanResponse = ResponseOf<typeof adminCommissionsContract.plan>;

type Form = { pool: string; levels: string[] };
const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];
/** The worked example's platform revenue, in cents. */
const EXAMPLE_CENTS = 10_000;

const locale = (lang: string) => (lang === 'en' ? 'en-GB' : 'de-DE');
/** 1500 bp → '15' (German '12,5', English '12.5'): what the admin edits. */
const bpToText = (bp: number, lang: string) => (bp / 100).toLocaleString(locale(lang), { maximumFractionDigits: 2, useGrouping: false });
const percent = (bp: number, lang: string) => {
  const n = (bp / 100).toLocaleString(locale(lang), { maximumFractionDigits: 2 });
  return lang === 'en' ? `${n}%` : `${n} %`;
};
const euro = formatEuro;

/** '12,5' or '12.5' → 1250 bp; null when it is not a number with at most two decimals. */
function textToBp(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

const formOf = (plan: CommissionPlanValues, lang: string): Form => ({
  pool: bpToText(plan.poolBp, lang),
  levels: plan.levelsBp.map((bp) => bpToText(bp, lang)),
});

type Problems = { pool?: string; levels: (string | undefined)[]; sum?: string };

export function CommissionTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [data, setData] = useState<PlanResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await call(adminCommissionsContract.plan);
      setData(r);
      setForm(formOf(r.plan, lang));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [lang]);
  useEffect(() => void load(), [load]);

  // The form as numbers, and what is wrong with it (the server's own limits).
  const { values, problems } = useMemo(() => {
    const problems: Problems = { levels: [] };
    if (!form) return { values: null, problems };
    const poolBp = textToBp(form.pool);
    if (poolBp === null) problems.pool = t('provision.errors.number');
    else if (poolBp > MAX_POOL_BP) problems.pool = t('provision.errors.pool', { max: percent(MAX_POOL_BP, lang) });
    const levelsBp = form.levels.map((text, i) => {
      const bp = textToBp(text);
      if (bp === null) problems.levels[i] = t('provision.errors.number');
      else if (bp > BP) problems.levels[i] = t('provision.errors.level');
      return bp ?? 0;
    });
    const sum = levelsBp.reduce((a, b) => a + b, 0);
    if (sum > BP) problems.sum = t('provision.errors.sum', { sum: percent(sum, lang) });
    return { values: { poolBp: poolBp ?? 0, levelsBp }, problems };
  }, [form, t, lang]);
  const invalid = !!problems.pool || !!problems.sum || problems.levels.some(Boolean);
  const changed = !!(data && values && (values.poolBp !== data.plan.poolBp || values.levelsBp.some((v, i) => v !== data.plan.levelsBp[i])));
  const sumBp = values?.levelsBp.reduce((a, b) => a + b, 0) ?? 0;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!values || invalid) return;
    if (!changed) return void toast.info(t('provision.toast.unchanged'));
    setBusy(true);
    try {
      const preset = presetOf(values);
      await call(adminCommissionsContract.savePlan, { body: preset === 'custom' ? values : { preset } });
      toast.success(t('provision.toast.saved'));
      await load();
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('provision.toast.failed')) });
    } finally {
      setBusy(false);
    }
  };

  if (failed && !data) return <LoadFailed onRetry={() => void load()} />;
  if (!data || !form || !values) return <Skeleton className="h-96 w-full" />;

  const setLevel = (i: number, text: string) => setForm((f) => (f ? { ...f, levels: f.levels.map((v, j) => (j === i ? text : v)) } : f));
  const applyPreset = (name: PresetName) => setForm(formOf(PRESETS[name], lang));
  const activePreset = presetOf(values);
  // Worked example: cents each level earns from 100 € platform revenue (rounded down, as the server books).
  const levelCents = values.levelsBp.map((bp) => Math.floor((EXAMPLE_CENTS * values.poolBp * bp) / (BP * BP)));
  const totalCents = levelCents.reduce((a, b) => a + b, 0);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Percent className="size-5 text-primary" aria-hidden />
            {t('provision.title')}
          </CardTitle>
          <CardDescription>{t('provision.text')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void save(e)} noValidate className="flex flex-col gap-6" data-testid="commission-form">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium">{t('provision.presets')}</span>
              {PRESET_NAMES.map((name) => (
                <Button
                  key={name}
                  type="button"
                  size="sm"
                  variant={activePreset === name ? 'default' : 'outline'}
                  onClick={() => applyPreset(name)}
                  data-testid={`commission-preset-${name}`}
                  aria-pressed={activePreset === name}
                >
                  {t(`provision.preset.${name}`)}
                </Button>
              ))}
              {activePreset === 'custom' && <Badge className="bg-muted text-muted-foreground">{t('provision.preset.custom')}</Badge>}
            </div>

            <div className="flex max-w-xs flex-col gap-2">
              <Label htmlFor="commission-pool">{t('provision.pool')}</Label>
              <div className="flex items-center gap-2">
                <Input
                  id="commission-pool"
                  inputMode="decimal"
                  value={form.pool}
                  onChange={(e) => setForm({ ...form, pool: e.target.value })}
                  aria-invalid={problems.pool ? true : undefined}
                  aria-describedby="commission-pool-hint"
                  data-testid="commission-pool"
                  className="w-28"
                />
                <span className="text-sm text-muted-foreground">{t('provision.poolUnit')}</span>
              </div>
              <p
                id="commission-pool-hint"
                className={cn('text-xs', problems.pool ? 'text-destructive' : 'text-muted-foreground')}
                data-testid={problems.pool ? 'commission-error' : undefined}
              >
                {problems.pool ?? t('provision.poolHint', { max: percent(MAX_POOL_BP, lang) })}
              </p>
            </div>

            <fieldset className="flex flex-col gap-3">
              <legend className="mb-2 text-sm font-medium">{t('provision.levels')}</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
                {form.levels.map((text, i) => (
                  <div key={i} className="flex flex-col gap-1">
                    <Label htmlFor={`commission-level-${i + 1}`} className="text-xs">
                      {t('provision.level', { level: i + 1 })}
                    </Label>
                    <div className="flex items-center gap-1">
                      <Input
                        id={`commission-level-${i + 1}`}
                        inputMode="decimal"
                        value={text}
                        onChange={(e) => setLevel(i, e.target.value)}
                        aria-invalid={problems.levels[i] ? true : undefined}
                        data-testid={`commission-level-${i + 1}`}
                      />
                      <span className="text-sm text-muted-foreground">%</span>
                    </div>
                    {problems.levels[i] && (
                      <p className="text-xs text-destructive" data-testid="commission-error">
                        {problems.levels[i]}
                      </p>
                    )}
                  </div>
                ))}
              </div>
              <p
                className={cn('text-sm', problems.sum ? 'text-destructive' : 'text-muted-foreground')}
                data-testid={problems.sum ? 'commission-error' : 'commission-sum'}
                role={problems.sum ? 'alert' : undefined}
              >
                {problems.sum ?? t('provision.sum', { sum: percent(sumBp, lang) })}
              </p>
            </fieldset>

            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy || invalid || !changed} data-testid="commission-save">
                {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                {t('provision.save')}
              </Button>
              <Button type="button" variant="outline" disabled={busy || !changed} onClick={() => setForm(formOf(data.plan, lang))}>
                <RotateCcw aria-hidden />
                {t('provision.reset')}
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">{t('provision.appliesTo')}</p>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('provision.example.title', { amount: euro(EXAMPLE_CENTS, lang) })}</CardTitle>
          <CardDescription>{t('provision.example.text', { amount: euro(EXAMPLE_CENTS, lang), pool: percent(values.poolBp, lang) })}</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-xs sm:text-sm" data-testid="commission-example">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  {t('provision.example.level')}
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  {t('provision.example.ofPool')}
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  {t('provision.example.ofRevenue')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('provision.example.earns')}
                </th>
              </tr>
            </thead>
            <tbody>
              {values.levelsBp.map((bp, i) => (
                <tr key={i} className="border-b last:border-0" data-testid={`commission-example-${i + 1}`}>
                  <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                    {t('provision.level', { level: i + 1 })}
                  </th>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{percent(bp, lang)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{percent((values.poolBp * bp) / BP, lang)}</td>
                  <td className="py-1.5 text-right font-semibold tabular-nums">{euro(levelCents[i]!, lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t">
                <th scope="row" colSpan={3} className="py-2 pr-2 text-left font-medium">
                  {t('provision.example.total')}
                </th>
                <td className="py-2 text-right font-bold tabular-nums" data-testid="commission-example-total">
                  {euro(totalCents, lang)}
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={3} className="py-1 pr-2 text-left font-normal text-muted-foreground">
                  {t('provision.example.platform')}
                </th>
                <td className="py-1 text-right tabular-nums text-muted-foreground">{euro(EXAMPLE_CENTS - totalCents, lang)}</td>
              </tr>
            </tfoot>
          </table>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <History className="size-5 text-primary" aria-hidden />
            {t('provision.history.title')}
          </CardTitle>
          <CardDescription>{t('provision.history.text')}</CardDescription>
        </CardHeader>
        <CardContent>
          {data.history.length === 0 ? (
            <EmptyState
              icon={<History className="size-8 text-muted-foreground" aria-hidden />}
              text={t('provision.history.empty')}
              testId="commission-history-empty"
            />
          ) : (
            <ol className="flex flex-col divide-y" data-testid="commission-history">
              {data.history.map((h, i) => (
                <li key={h.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="commission-history-entry">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{h.changedAt ? formatDateTime(h.changedAt, lang) : '–'}</span>
                    <span className="text-muted-foreground">{h.changedBy ? `${h.changedBy.name} (${h.changedBy.email})` : t('provision.history.unknown')}</span>
                    <Badge className="bg-muted text-muted-foreground">{t(`provision.preset.${h.preset}`, { defaultValue: h.preset })}</Badge>
                    {i === 0 && <Badge>{t('provision.history.current')}</Badge>}
                  </div>
                  <p className="text-muted-foreground tabular-nums">
                    {t('provision.history.values', {
                      pool: percent(h.poolBp, lang),
                      levels: h.levelsBp
                        .slice(0, LEVELS)
                        .map((bp) => bpToText(bp, lang))
                        .join(' · '),
                    })}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
