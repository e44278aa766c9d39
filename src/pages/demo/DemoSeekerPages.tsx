// The seeker demo (decision 041): /suchende-dashboard?demo=true with a form, /search?demo=true with a
// scripted chat. Both end in the same demo offers; nothing leaves the browser.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { usePageMeta } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { DEMO_PROVIDERS } from '@/demo/data';
import type { CategoryId } from '@/chat/intake/labels';
import { DemoBanner, DemoTag } from './demo-banner';
import { DemoOffers, DemoTeaser, type DemoNeed } from './demo-seeker-flow';

const MIN_DESCRIPTION = 10;
const CATEGORIES: readonly CategoryId[] = [...new Set(DEMO_PROVIDERS.map((p) => p.category))];

function DemoRequestForm({ onSubmit }: { onSubmit: (need: DemoNeed) => void }) {
  const { t } = useTranslation('demo');
  const { t: ti } = useTranslation('intake');
  const [category, setCategory] = useState<CategoryId>(CATEGORIES[0]!);
  const [description, setDescription] = useState('');
  const [postcode, setPostcode] = useState('');
  const [errors, setErrors] = useState<{ description?: boolean; postcode?: boolean }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = { description: description.trim().length < MIN_DESCRIPTION, postcode: !/^\d{5}$/.test(postcode.trim()) };
    setErrors(next);
    if (next.description || next.postcode) return;
    onSubmit({ category, description: description.trim(), postcode: postcode.trim() });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('seeker.formTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Label htmlFor="demo-category">{t('seeker.category')}</Label>
          <NativeSelect id="demo-category" value={category} onChange={(e) => setCategory(e.target.value as CategoryId)}>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {ti(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
          <Label htmlFor="demo-description">{t('seeker.description')}</Label>
          <Textarea
            id="demo-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t('seeker.descriptionPlaceholder')}
            maxLength={2000}
            aria-invalid={errors.description || undefined}
            aria-describedby={errors.description ? 'demo-description-error' : undefined}
          />
          {errors.description && (
            <p id="demo-description-error" role="alert" className="text-sm text-destructive">
              {t('seeker.descriptionTooShort')}
            </p>
          )}
          <Label htmlFor="demo-postcode">{t('seeker.postcode')}</Label>
          <Input
            id="demo-postcode"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            value={postcode}
            onChange={(e) => setPostcode(e.target.value)}
            aria-invalid={errors.postcode || undefined}
            aria-describedby={errors.postcode ? 'demo-postcode-error' : undefined}
            className="sm:max-w-40"
          />
          {errors.postcode && (
            <p id="demo-postcode-error" role="alert" className="text-sm text-destructive">
              {t('seeker.postcodeInvalid')}
            </p>
          )}
          <Button type="submit" variant="hero" className="mt-2 w-full sm:w-fit">
            {t('seeker.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function DemoSeekerDashboardPage() {
  const { t } = useTranslation('demo');
  usePageMeta(t('seeker.meta.title'), t('seeker.meta.description'), '/demo');
  const [need, setNeed] = useState<DemoNeed | null>(null);
  const [round, setRound] = useState(0);
  return (
    <>
      <DemoBanner />
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <div>
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
            {t('seeker.title')} <DemoTag />
          </h1>
          <p className="mt-1 text-muted-foreground">{t('seeker.subtitle')}</p>
        </div>
        {need ? (
          <>
            <DemoTeaser need={need} />
            <DemoOffers
              key={round}
              onRestart={() => {
                setNeed(null);
                setRound((r) => r + 1);
              }}
            />
          </>
        ) : (
          <DemoRequestForm onSubmit={setNeed} />
        )}
      </div>
    </>
  );
}

interface ChatLine {
  from: 'bot' | 'you';
  text: string;
}

export function DemoSearchPage() {
  const { t } = useTranslation('demo');
  usePageMeta(t('chat.meta.title'), t('chat.meta.description'), '/demo');
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState(false);
  const [need, setNeed] = useState<DemoNeed | null>(null);
  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (text.length < MIN_DESCRIPTION) return setError(true);
    setError(false);
    setDraft('');
    setLines([
      { from: 'you', text },
      { from: 'bot', text: t('chat.thanks') },
    ]);
    setNeed({ description: text });
  };
  const restart = () => {
    setLines([]);
    setNeed(null);
  };
  const all: ChatLine[] = [{ from: 'bot', text: t('chat.greeting') }, ...lines];
  return (
    <>
      <DemoBanner />
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
        <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
          {t('chat.title')} <DemoTag />
        </h1>
        <ol className="flex flex-col gap-3" aria-live="polite" data-testid="demo-chat">
          {all.map((l, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines only ever grow or are cleared
              key={i}
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-3 text-sm',
                l.from === 'bot' ? 'rounded-bl-sm bg-muted' : 'ml-auto rounded-br-sm bg-primary text-primary-foreground',
              )}
            >
              <span className="sr-only">{l.from === 'bot' ? t('chat.bot') : t('chat.you')}: </span>
              {l.text}
            </li>
          ))}
        </ol>
        {need ? (
          <>
            <DemoTeaser need={need} />
            <DemoOffers onRestart={restart} />
          </>
        ) : (
          <form onSubmit={send} noValidate className="flex flex-col gap-2">
            <Label htmlFor="demo-chat-input">{t('chat.inputLabel')}</Label>
            <div className="flex gap-2">
              <Input
                id="demo-chat-input"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder={t('chat.placeholder')}
                maxLength={2000}
                aria-invalid={error || undefined}
                aria-describedby={error ? 'demo-chat-error' : undefined}
              />
              <Button type="submit" aria-label={t('chat.send')}>
                <Send aria-hidden />
              </Button>
            </div>
            {error && (
              <p id="demo-chat-error" role="alert" className="text-sm text-destructive">
                {t('seeker.descriptionTooShort')}
              </p>
            )}
          </form>
        )}
      </div>
    </>
  );
}
