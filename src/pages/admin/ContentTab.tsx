// 'Inhalte': the partners' marketing texts (e-mail templates and social posts with [AFFILIATE_LINK] and
// [NAME], by category and language) and the academy videos (German and English title and description):
// create, change, hide or show, delete. The server checks and audits every change; the forms check the same
// lengths first.
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Megaphone, Pencil, Plus, Trash2, Video } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { call } from '@/lib/contract-client';
import { adminContentContract } from '../../../core/contract/admin-content.ts';
import { MATERIAL_CATEGORIES, type MarketingMaterialView } from '../../../core/api/affiliate.ts';
import { ACADEMY_CATEGORIES } from '../../../core/api/affiliate.ts';
import type { AdminAcademyVideo } from '../../../core/api/affiliate.ts';
import { MATERIAL_LIMITS, VIDEO_LIMITS } from '../../../core/affiliate/content-limits.ts';
import { errorText } from './admin-api';
import { ConfirmDialog, EmptyState, LoadFailed } from './admin-dialogs';

const LANGS = ['de', 'en'] as const;
const PREVIEW = 200;

export function ContentTab() {
  const { t } = useTranslation('admin');
  return (
    <Tabs defaultValue="materials">
      <TabsList>
        <TabsTrigger value="materials" className="gap-1.5" data-testid="content-tab-materials">
          <Megaphone className="size-4" aria-hidden />
          {t('content.materials.title')}
        </TabsTrigger>
        <TabsTrigger value="videos" className="gap-1.5" data-testid="content-tab-videos">
          <Video className="size-4" aria-hidden />
          {t('content.videos.title')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="materials" className="mt-4">
        <MaterialsPanel />
      </TabsContent>
      <TabsContent value="videos" className="mt-4">
        <VideosPanel />
      </TabsContent>
    </Tabs>
  );
}

const loadMaterials = () => call(adminContentContract.materials).then((r) => r.materials);
const loadVideos = () => call(adminContentContract.videos).then((r) => r.videos);

/** Loads a list once and again after each change. */
function useList<T>(fetchList: () => Promise<T[]>) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      setItems(await fetchList());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [fetchList]);
  useEffect(() => void load(), [load]);
  return { items, failed, load };
}

const muted = 'bg-muted text-muted-foreground';

// ---------------------------------------------------------------------------------------------------
// Marketing texts

type MaterialForm = {
  kind: 'email' | 'social';
  category: (typeof MATERIAL_CATEGORIES)[number];
  lang: 'de' | 'en';
  title: string;
  description: string;
  subject: string;
  body: string;
  active: boolean;
};
const emptyMaterial = (lang: 'de' | 'en'): MaterialForm => ({
  kind: 'email',
  category: 'email_welcome',
  lang,
  title: '',
  description: '',
  subject: '',
  body: '',
  active: true,
});

function MaterialsPanel() {
  const { t, i18n } = useTranslation('admin');
  const { items, failed, load } = useList(loadMaterials);
  const [lang, setLang] = useState<'all' | 'de' | 'en'>('all');
  const [editing, setEditing] = useState<{ id: string | null; form: MaterialForm } | null>(null);
  const [deleting, setDeleting] = useState<MarketingMaterialView | null>(null);

  if (failed && !items) return <LoadFailed onRetry={() => void load()} />;
  if (!items) return <Skeleton className="h-64 w-full" />;
  const shown = items.filter((m) => lang === 'all' || m.lang === lang);

  const setActive = async (m: MarketingMaterialView, active: boolean) => {
    try {
      await call(adminContentContract.updateMaterial, { params: { id: m.id }, body: { active } });
      toast.success(active ? t('content.toast.shown') : t('content.toast.hidden'));
      await load();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2">{t('content.materials.title')}</CardTitle>
          <CardDescription>{t('content.materials.text')}</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="content-materials-lang" className="sr-only">
            {t('content.fields.lang')}
          </Label>
          <NativeSelect
            id="content-materials-lang"
            value={lang}
            onChange={(e) => setLang(e.target.value as typeof lang)}
            className="w-36"
            data-testid="content-materials-lang"
          >
            <option value="all">{t('content.allLanguages')}</option>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {t(`content.lang.${l}`)}
              </option>
            ))}
          </NativeSelect>
          <Button
            onClick={() => setEditing({ id: null, form: emptyMaterial(i18n.resolvedLanguage === 'en' ? 'en' : 'de') })}
            data-testid="content-material-new"
          >
            <Plus aria-hidden />
            {t('content.materials.new')}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {shown.length === 0 ? (
          <EmptyState
            icon={<Megaphone className="size-8 text-muted-foreground" aria-hidden />}
            text={t('content.materials.empty')}
            testId="content-materials-empty"
          />
        ) : (
          <ul className="flex flex-col gap-3" data-testid="content-materials">
            {shown.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 rounded-lg border p-3 sm:p-4" data-testid="content-material" data-title={m.title}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="font-semibold break-words">{m.title}</p>
                    <div className="flex flex-wrap gap-1">
                      <Badge className={muted}>{t(`content.kind.${m.kind}`)}</Badge>
                      <Badge className={muted}>{t(`content.category.${m.category}`)}</Badge>
                      <Badge className={muted}>{m.lang.toUpperCase()}</Badge>
                      {!m.active && <Badge className="border-destructive/40 text-destructive">{t('content.hidden')}</Badge>}
                    </div>
                  </div>
                  <ItemActions
                    active={m.active}
                    label={m.title}
                    onActive={(a) => void setActive(m, a)}
                    onEdit={() =>
                      setEditing({
                        id: m.id,
                        form: {
                          kind: m.kind,
                          category: m.category,
                          lang: m.lang,
                          title: m.title,
                          description: m.description,
                          subject: m.subject ?? '',
                          body: m.body,
                          active: m.active,
                        },
                      })
                    }
                    onDelete={() => setDeleting(m)}
                  />
                </div>
                {m.description && <p className="text-sm text-muted-foreground">{m.description}</p>}
                <p className="text-sm break-words whitespace-pre-wrap">{m.body.length > PREVIEW ? `${m.body.slice(0, PREVIEW)}…` : m.body}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {editing && <MaterialDialog id={editing.id} initial={editing.form} onClose={() => setEditing(null)} onSaved={() => void load()} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('content.delete.title')}
        description={t('content.delete.text', { title: deleting?.title ?? '' })}
        confirmLabel={t('content.delete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await call(adminContentContract.deleteMaterial, { params: { id: deleting!.id } });
            toast.success(t('content.toast.deleted'));
            await load();
          } catch (e) {
            toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
            throw e;
          }
        }}
      />
    </Card>
  );
}

function ItemActions({
  active,
  label,
  onActive,
  onEdit,
  onDelete,
}: {
  active: boolean;
  label: string;
  onActive: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('admin');
  const uid = useId();
  return (
    <div className="flex shrink-0 items-center gap-1">
      <div className="mr-2 flex items-center gap-2">
        <Switch
          id={`${uid}-active`}
          checked={active}
          onCheckedChange={onActive}
          data-testid="content-active"
          aria-label={t('content.activeFor', { title: label })}
        />
        <Label htmlFor={`${uid}-active`} className="text-xs text-muted-foreground">
          {t('content.fields.active')}
        </Label>
      </div>
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t('content.editFor', { title: label })} data-testid="content-edit">
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" onClick={onDelete} aria-label={t('content.deleteFor', { title: label })} data-testid="content-delete">
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" data-testid="content-field-error">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

/** Required text within a length: an error message, or undefined. */
function useTextCheck() {
  const { t } = useTranslation('admin');
  return (value: string, max: number, required: boolean) => {
    const v = value.trim();
    if (required && !v) return t('content.errors.required');
    if (v.length > max) return t('content.errors.tooLong', { max });
    return undefined;
  };
}

function MaterialDialog({ id, initial, onClose, onSaved }: { id: string | null; initial: MaterialForm; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const check = useTextCheck();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof MaterialForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof MaterialForm>(k: K, v: MaterialForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      title: check(form.title, MATERIAL_LIMITS.titleMax, true),
      description: check(form.description, MATERIAL_LIMITS.descriptionMax, false),
      subject: form.kind === 'email' ? check(form.subject, MATERIAL_LIMITS.subjectMax, false) : undefined,
      body: check(form.body, MATERIAL_LIMITS.bodyMax, true),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const body = {
      kind: form.kind,
      category: form.category,
      lang: form.lang,
      title: form.title,
      description: form.description,
      subject: form.kind === 'email' && form.subject.trim() ? form.subject : null,
      body: form.body,
      active: form.active,
    };
    setBusy(true);
    try {
      if (id) await call(adminContentContract.updateMaterial, { params: { id }, body });
      else await call(adminContentContract.createMaterial, { body });
      toast.success(id ? t('content.toast.saved') : t('content.toast.created'));
      onSaved();
      onClose();
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('toast.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="content-material-dialog">
        <DialogHeader>
          <DialogTitle>{id ? t('content.materials.edit') : t('content.materials.new')}</DialogTitle>
          <DialogDescription>{t('content.materials.placeholders')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id={`${uid}-kind`} label={t('content.fields.kind')}>
              <NativeSelect
                id={`${uid}-kind`}
                value={form.kind}
                onChange={(e) => set('kind', e.target.value as MaterialForm['kind'])}
                data-testid="content-field-kind"
              >
                {(['email', 'social'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`content.kind.${k}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={`${uid}-category`} label={t('content.fields.category')}>
              <NativeSelect
                id={`${uid}-category`}
                value={form.category}
                onChange={(e) => set('category', e.target.value as MaterialForm['category'])}
                data-testid="content-field-category"
              >
                {MATERIAL_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`content.category.${c}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={`${uid}-lang`} label={t('content.fields.lang')}>
              <NativeSelect
                id={`${uid}-lang`}
                value={form.lang}
                onChange={(e) => set('lang', e.target.value as MaterialForm['lang'])}
                data-testid="content-field-lang"
              >
                {LANGS.map((l) => (
                  <option key={l} value={l}>
                    {t(`content.lang.${l}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field id={`${uid}-title`} label={t('content.fields.title')} error={errors.title}>
            <Input
              id={`${uid}-title`}
              value={form.title}
              onChange={(e) => set('title', e.target.value)}
              aria-invalid={errors.title ? true : undefined}
              data-testid="content-field-title"
            />
          </Field>
          <Field id={`${uid}-description`} label={t('content.fields.description')} error={errors.description}>
            <Input
              id={`${uid}-description`}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              aria-invalid={errors.description ? true : undefined}
              data-testid="content-field-description"
            />
          </Field>
          {form.kind === 'email' && (
            <Field id={`${uid}-subject`} label={t('content.fields.subject')} error={errors.subject}>
              <Input
                id={`${uid}-subject`}
                value={form.subject}
                onChange={(e) => set('subject', e.target.value)}
                aria-invalid={errors.subject ? true : undefined}
                data-testid="content-field-subject"
              />
            </Field>
          )}
          <Field id={`${uid}-body`} label={t('content.fields.body')} error={errors.body} hint={t('content.materials.placeholders')}>
            <Textarea
              id={`${uid}-body`}
              rows={8}
              value={form.body}
              onChange={(e) => set('body', e.target.value)}
              aria-invalid={errors.body ? true : undefined}
              data-testid="content-field-body"
            />
          </Field>
          <div className="flex items-center gap-2">
            <Switch id={`${uid}-active`} checked={form.active} onCheckedChange={(v) => set('active', v)} />
            <Label htmlFor={`${uid}-active`}>{t('content.fields.activeLong')}</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="content-save">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('content.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// ---------------------------------------------------------------------------------------------------
// Academy lessons (a written text in both languages, a video optional)

type VideoForm = {
  category: (typeof ACADEMY_CATEGORIES)[number];
  titleDe: string;
  titleEn: string;
  descriptionDe: string;
  descriptionEn: string;
  bodyDe: string;
  bodyEn: string;
  url: string;
  durationMin: string;
  sortOrder: string;
  active: boolean;
};
const emptyVideo: VideoForm = {
  category: 'getting_started',
  titleDe: '',
  titleEn: '',
  descriptionDe: '',
  descriptionEn: '',
  bodyDe: '',
  bodyEn: '',
  url: '',
  durationMin: '',
  sortOrder: '0',
  active: true,
};

function VideosPanel() {
  const { t, i18n } = useTranslation('admin');
  const en = i18n.resolvedLanguage === 'en';
  const { items, failed, load } = useList(loadVideos);
  const [editing, setEditing] = useState<{ id: string | null; form: VideoForm } | null>(null);
  const [deleting, setDeleting] = useState<AdminAcademyVideo | null>(null);

  if (failed && !items) return <LoadFailed onRetry={() => void load()} />;
  if (!items) return <Skeleton className="h-64 w-full" />;

  const setActive = async (v: AdminAcademyVideo, active: boolean) => {
    try {
      await call(adminContentContract.updateVideo, { params: { id: v.id }, body: { active } });
      toast.success(active ? t('content.toast.shown') : t('content.toast.hidden'));
      await load();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2">{t('content.videos.title')}</CardTitle>
          <CardDescription>{t('content.videos.text')}</CardDescription>
        </div>
        <Button onClick={() => setEditing({ id: null, form: emptyVideo })} data-testid="content-video-new">
          <Plus aria-hidden />
          {t('content.videos.new')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {items.length === 0 ? (
          <EmptyState icon={<Video className="size-8 text-muted-foreground" aria-hidden />} text={t('content.videos.empty')} testId="content-videos-empty" />
        ) : (
          ACADEMY_CATEGORIES.filter((c) => items.some((v) => v.category === c)).map((c) => (
            <section key={c} className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold text-muted-foreground">{t(`content.videoCategory.${c}`)}</h3>
              <ul className="flex flex-col gap-3" data-testid="content-videos">
                {items
                  .filter((v) => v.category === c)
                  .map((v) => (
                    <li key={v.id} className="flex flex-col gap-2 rounded-lg border p-3 sm:p-4" data-testid="content-video" data-title={v.titleDe}>
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="flex min-w-0 flex-col gap-1">
                          <p className="font-semibold break-words">
                            {en ? v.titleEn : v.titleDe} <span className="font-normal text-muted-foreground">/ {en ? v.titleDe : v.titleEn}</span>
                          </p>
                          <div className="flex flex-wrap gap-1">
                            <Badge className={muted}>{v.url ? t('content.videos.playable') : t('content.videos.soon')}</Badge>
                            {v.durationMin !== null && <Badge className={muted}>{t('content.videos.minutes', { count: v.durationMin })}</Badge>}
                            <Badge className={muted}>{t('content.videos.watchedBy', { count: v.watchedBy })}</Badge>
                            {!v.active && <Badge className="border-destructive/40 text-destructive">{t('content.hidden')}</Badge>}
                          </div>
                        </div>
                        <ItemActions
                          active={v.active}
                          label={v.titleDe}
                          onActive={(a) => void setActive(v, a)}
                          onEdit={() =>
                            setEditing({
                              id: v.id,
                              form: {
                                category: v.category,
                                titleDe: v.titleDe,
                                titleEn: v.titleEn,
                                descriptionDe: v.descriptionDe,
                                descriptionEn: v.descriptionEn,
                                bodyDe: v.bodyDe,
                                bodyEn: v.bodyEn,
                                url: v.url ?? '',
                                durationMin: v.durationMin === null ? '' : String(v.durationMin),
                                sortOrder: String(v.sortOrder),
                                active: v.active,
                              },
                            })
                          }
                          onDelete={() => setDeleting(v)}
                        />
                      </div>
                      <p className="text-sm text-muted-foreground">{en ? v.descriptionEn : v.descriptionDe}</p>
                      {v.url && <p className="truncate text-xs text-muted-foreground">{v.url}</p>}
                    </li>
                  ))}
              </ul>
            </section>
          ))
        )}
      </CardContent>
      {editing && <VideoDialog id={editing.id} initial={editing.form} onClose={() => setEditing(null)} onSaved={() => void load()} />}
      <ConfirmDialog
        open={!!deleting}
        title={t('content.delete.title')}
        description={t('content.delete.videoText', { title: deleting?.titleDe ?? '', count: deleting?.watchedBy ?? 0 })}
        confirmLabel={t('content.delete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await call(adminContentContract.deleteVideo, { params: { id: deleting!.id } });
            toast.success(t('content.toast.deleted'));
            await load();
          } catch (e) {
            toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
            throw e;
          }
        }}
      />
    </Card>
  );
}

function VideoDialog({ id, initial, onClose, onSaved }: { id: string | null; initial: VideoForm; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const check = useTextCheck();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof VideoForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof VideoForm>(k: K, v: VideoForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const url = form.url.trim();
    const duration = form.durationMin.trim();
    const order = form.sortOrder.trim() || '0';
    const next: Partial<Record<keyof VideoForm, string>> = {
      titleDe: check(form.titleDe, VIDEO_LIMITS.titleMax, true),
      titleEn: check(form.titleEn, VIDEO_LIMITS.titleMax, true),
      descriptionDe: check(form.descriptionDe, VIDEO_LIMITS.descriptionMax, false),
      descriptionEn: check(form.descriptionEn, VIDEO_LIMITS.descriptionMax, false),
      bodyDe: check(form.bodyDe, VIDEO_LIMITS.bodyMax, true),
      bodyEn: check(form.bodyEn, VIDEO_LIMITS.bodyMax, true),
      url: url && !/^https?:\/\/\S+$/i.test(url) ? t('errors:VIDEO_URL_INVALID') : check(url, VIDEO_LIMITS.urlMax, false),
      durationMin:
        duration && (!/^\d+$/.test(duration) || Number(duration) < 1 || Number(duration) > VIDEO_LIMITS.durationMax)
          ? t('content.errors.range', { min: 1, max: VIDEO_LIMITS.durationMax })
          : undefined,
      sortOrder: !/^\d+$/.test(order) || Number(order) > 1000 ? t('content.errors.range', { min: 0, max: 1000 }) : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const body = {
      category: form.category,
      titleDe: form.titleDe,
      titleEn: form.titleEn,
      descriptionDe: form.descriptionDe,
      descriptionEn: form.descriptionEn,
      bodyDe: form.bodyDe,
      bodyEn: form.bodyEn,
      url: url || null,
      durationMin: duration ? Number(duration) : null,
      sortOrder: Number(order),
      active: form.active,
    };
    setBusy(true);
    try {
      if (id) await call(adminContentContract.updateVideo, { params: { id }, body });
      else await call(adminContentContract.createVideo, { body });
      toast.success(id ? t('content.toast.saved') : t('content.toast.created'));
      onSaved();
      onClose();
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('toast.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  const text = (k: 'titleDe' | 'titleEn' | 'url') => (
    <Field id={`${uid}-${k}`} label={t(`content.fields.${k}`)} error={errors[k]} {...(k === 'url' ? { hint: t('content.videos.urlHint') } : {})}>
      <Input
        id={`${uid}-${k}`}
        value={form[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        data-testid={`content-field-${k}`}
        {...(k === 'url' ? { inputMode: 'url' as const } : {})}
      />
    </Field>
  );
  const area = (k: 'descriptionDe' | 'descriptionEn' | 'bodyDe' | 'bodyEn') => (
    <Field id={`${uid}-${k}`} label={t(`content.fields.${k}`)} error={errors[k]}>
      <Textarea
        id={`${uid}-${k}`}
        rows={k.startsWith('body') ? 12 : 3}
        value={form[k]}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        data-testid={`content-field-${k}`}
      />
    </Field>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="content-video-dialog">
        <DialogHeader>
          <DialogTitle>{id ? t('content.videos.edit') : t('content.videos.new')}</DialogTitle>
          <DialogDescription>{t('content.videos.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <Field id={`${uid}-category`} label={t('content.fields.category')}>
            <NativeSelect
              id={`${uid}-category`}
              value={form.category}
              onChange={(e) => set('category', e.target.value as VideoForm['category'])}
              data-testid="content-field-videoCategory"
            >
              {ACADEMY_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`content.videoCategory.${c}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('titleDe')}
            {text('titleEn')}
            {area('descriptionDe')}
            {area('descriptionEn')}
          </div>
          <p className="text-xs text-muted-foreground" data-testid="content-body-hint">
            {t('content.videos.bodyHint')}
          </p>
          {area('bodyDe')}
          {area('bodyEn')}
          {text('url')}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${uid}-duration`} label={t('content.fields.durationMin')} error={errors.durationMin}>
              <Input
                id={`${uid}-duration`}
                inputMode="numeric"
                value={form.durationMin}
                onChange={(e) => set('durationMin', e.target.value)}
                aria-invalid={errors.durationMin ? true : undefined}
                data-testid="content-field-durationMin"
              />
            </Field>
            <Field id={`${uid}-order`} label={t('content.fields.sortOrder')} error={errors.sortOrder}>
              <Input
                id={`${uid}-order`}
                inputMode="numeric"
                value={form.sortOrder}
                onChange={(e) => set('sortOrder', e.target.value)}
                aria-invalid={errors.sortOrder ? true : undefined}
              />
            </Field>
          </div>
          <div className="flex items-center gap-2">
            <Switch id={`${uid}-active`} checked={form.active} onCheckedChange={(v) => set('active', v)} />
            <Label htmlFor={`${uid}-active`}>{t('content.fields.activeLong')}</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="content-save">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('content.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
