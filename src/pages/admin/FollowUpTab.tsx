// Follow-Up Nachrichten: the seeker greeting and follow-up script as the intake machine's configuration.
// Every change is saved as the draft; publishing runs the server's graph check; earlier versions can be
// restored. Beside the editor the draft runs in a preview chat, and a diagram shows its states.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, History, Rocket, XCircle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/components/market';
import { ApiError } from '@/lib/api';
import { followUpApi, type FollowUpEdit, type FollowUpEditorView, type FollowUpStats, type StepFigures } from './follow-up/followup-api';
import { AddSteps, type NewStep } from './follow-up/AddSteps';
import { StepList } from './follow-up/StepList';
import { PreviewChat } from './follow-up/PreviewChat';

const ScriptDiagram = lazy(() => import('./follow-up/ScriptDiagram'));

export function FollowUpTab() {
  const { t, i18n } = useTranslation('admin');
  const [view, setView] = useState<FollowUpEditorView | null>(null);
  const [stats, setStats] = useState<FollowUpStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewLang, setPreviewLang] = useState<'de' | 'en'>(i18n.resolvedLanguage === 'en' ? 'en' : 'de');
  const lang = i18n.resolvedLanguage ?? 'de';

  const load = useCallback(() => {
    followUpApi.load().then(setView, (e: unknown) => setError(e instanceof ApiError && e.message ? e.message : t('followup.loadError')));
    followUpApi.stats().then(setStats, () => setStats(null));
  }, [t]);
  useEffect(load, [load]);

  /** Runs a change; the answer is the new editor view. Errors are shown with the server's reason. */
  const change = async (fn: () => Promise<FollowUpEditorView>, success?: string): Promise<boolean> => {
    setBusy(true);
    try {
      setView(await fn());
      if (success) toast.success(success);
      return true;
    } catch (e) {
      toast.error(e instanceof ApiError && e.message ? e.message : t('followup.saveError'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const figures = useMemo(() => new Map<string, StepFigures>((stats?.steps ?? []).map((s) => [s.id, s])), [stats]);
  if (error) return <Alert variant="destructive">{error}</Alert>;
  if (!view) return <Skeleton className="h-64" />;

  const edit = (e: FollowUpEdit, success?: string) => change(() => followUpApi.edit(e), success);
  const add = (step: NewStep) => edit({ op: 'add', ...step }, t(step.type === 'voice' ? 'followup.toast.voiceAdded' : 'followup.toast.textAdded'));
  const setText = (index: number, lang: 'de' | 'en', text: string) => {
    const script = { ...view.script, steps: view.script.steps.map((s, i) => (i === index ? { ...s, content: { ...s.content, [lang]: text } } : s)) };
    void change(() => followUpApi.save(script), t('followup.toast.saved'));
  };
  const publish = () =>
    change(() => followUpApi.publish(), t('followup.toast.published')).then((ok) => {
      if (ok) void followUpApi.stats().then(setStats);
    });

  return (
    <div className="flex flex-col gap-6" data-testid="followup-tab">
      <div>
        <h2 className="text-xl font-semibold">{t('followup.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('followup.intro')}</p>
        <p className="text-sm text-muted-foreground" data-testid="followup-placeholders">
          {t('followup.placeholders.hint', { persona: t('chat:persona.name') })}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <AddSteps busy={busy} onAdd={add} />
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">{view.draft ? t('followup.draftTitle', { number: view.draft.number }) : t('followup.liveTitle')}</CardTitle>
              <CardDescription>
                {view.live.number ? t('followup.live', { number: view.live.number }) : t('followup.liveDefault')}
                {stats?.versionNumber ? ` · ${t('followup.sessions', { count: stats.sessions })}` : ''}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <StepList
                steps={view.script.steps}
                figures={figures}
                busy={busy}
                onToggle={(i) => void edit({ op: view.script.steps[i]!.active ? 'hide' : 'show', step: i + 1 })}
                onRemove={(i) => void edit({ op: 'remove', step: i + 1 }, t('followup.toast.removed'))}
                onMove={(from, to) => void edit({ op: 'move', step: from + 1, to: to + 1 })}
                onText={setText}
              />
            </CardContent>
          </Card>
          <Card data-testid="followup-publish">
            <CardHeader className="pb-2">
              <CardTitle className="flex items-center gap-2 text-base">
                {view.check.ok ? <CheckCircle2 className="size-4 text-green-600" aria-hidden /> : <XCircle className="size-4 text-destructive" aria-hidden />}
                {view.check.ok ? t('followup.check.ok') : t('followup.check.failed')}
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              {!view.check.ok && (
                <ul className="list-disc pl-5 text-sm text-destructive" data-testid="followup-problems">
                  {view.check.problems.map((p, i) => (
                    <li key={i}>{t(`followup.problem.${p.code}`, { step: p.stepNumber ?? '?' })}</li>
                  ))}
                </ul>
              )}
              <Button onClick={() => void publish()} disabled={busy || !view.draft} data-testid="followup-publish-button">
                <Rocket aria-hidden />
                {t('followup.publish')}
              </Button>
              {!view.draft && <p className="text-sm text-muted-foreground">{t('followup.noDraft')}</p>}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="flex items-center gap-2 text-base">
                <History className="size-4" aria-hidden />
                {t('followup.versions.title')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              {view.versions.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('followup.versions.none')}</p>
              ) : (
                <ul className="flex flex-col gap-2" data-testid="followup-versions">
                  {view.versions.map((v) => (
                    <li key={v.id} className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-medium">{t('followup.versions.number', { number: v.number })}</span>
                      <Badge>{t(`followup.versions.status.${v.status}`, { defaultValue: v.status })}</Badge>
                      <span className="text-muted-foreground">
                        {t('followup.versions.steps', { count: v.steps })} · {formatDateTime(v.publishedAt ?? v.createdAt, lang)}
                        {v.restoredFrom ? ` · ${t('followup.versions.restoredFrom', { number: v.restoredFrom })}` : ''}
                      </span>
                      {v.status !== 'draft' && (
                        <Button
                          size="sm"
                          variant="outline"
                          className="ml-auto"
                          disabled={busy}
                          onClick={() => void change(() => followUpApi.restore(v.number), t('followup.toast.restored', { number: v.number }))}
                        >
                          {t('followup.versions.restore')}
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          <div className="flex gap-2" role="group" aria-label={t('followup.preview.langLabel')}>
            {(['de', 'en'] as const).map((l) => (
              <Button key={l} size="sm" variant={previewLang === l ? 'default' : 'outline'} onClick={() => setPreviewLang(l)} aria-pressed={previewLang === l}>
                {l.toUpperCase()}
              </Button>
            ))}
          </div>
          <PreviewChat script={view.script} lang={previewLang} />
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">{t('followup.diagram.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              <Suspense fallback={<Skeleton className="h-48" />}>
                <ScriptDiagram script={view.script} />
              </Suspense>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
