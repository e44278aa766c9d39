// One demo provider: rating, badge, place, contact and answer time, a favourite heart (client state only),
// 'Profil ansehen' (a dialog) and 'Nachricht senden' (a dialog that sends nothing).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Heart, Mail, MapPin, Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Alert } from '@/components/ui/alert';
import { ProviderBadge, Stars, formatDecimal, formatMinutes, toUiLang } from '@/components/market';
import { cn } from '@/lib/utils';
import type { DemoProvider } from '@/demo/data';
import { DemoTag } from './demo-banner';

function ProviderFacts({ provider }: { provider: DemoProvider }) {
  const { t, i18n } = useTranslation('demo');
  const lang = toUiLang(i18n.resolvedLanguage);
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-muted-foreground">
      <li className="flex items-center gap-2">
        <MapPin className="size-4 shrink-0" aria-hidden />
        <span className="sr-only">{t('providers.place')}: </span>
        {t(`data.providers.${provider.id}.place`)}
      </li>
      <li className="flex items-center gap-2">
        <Phone className="size-4 shrink-0" aria-hidden />
        <span className="sr-only">{t('providers.phone')}: </span>
        {provider.phone}
      </li>
      <li className="flex min-w-0 items-center gap-2">
        <Mail className="size-4 shrink-0" aria-hidden />
        <span className="sr-only">{t('providers.email')}: </span>
        <span className="truncate">{provider.email}</span>
      </li>
      <li className="flex items-center gap-2">
        <Clock className="size-4 shrink-0" aria-hidden />
        {t('providers.responds', { time: formatMinutes(provider.responseMinutes, lang) })}
      </li>
    </ul>
  );
}

function MessageDialog({ provider, open, onOpenChange }: { provider: DemoProvider; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('demo');
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const [sent, setSent] = useState(false);
  const fieldId = `demo-message-${provider.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError(true);
    setError(false);
    setSent(true);
  };
  const change = (next: boolean) => {
    if (!next) {
      setText('');
      setError(false);
      setSent(false);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {t('providers.messageTitle', { name: provider.name })} <DemoTag />
          </DialogTitle>
          <DialogDescription>{t('banner.text')}</DialogDescription>
        </DialogHeader>
        {sent ? (
          <Alert variant="success">{t('providers.messageSent')}</Alert>
        ) : (
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            <Label htmlFor={fieldId}>{t('providers.messageLabel')}</Label>
            <Textarea
              id={fieldId}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('providers.messagePlaceholder')}
              aria-invalid={error || undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              maxLength={2000}
            />
            {error && (
              <p id={`${fieldId}-error`} className="text-sm text-destructive" role="alert">
                {t('providers.messageEmpty')}
              </p>
            )}
            <DialogFooter>
              <Button type="submit">{t('providers.messageSend')}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function DemoProviderCard({ provider, favourite, onToggleFavourite }: { provider: DemoProvider; favourite: boolean; onToggleFavourite: () => void }) {
  const { t, i18n } = useTranslation('demo');
  const lang = toUiLang(i18n.resolvedLanguage);
  const { t: ti } = useTranslation('intake');
  const [dialog, setDialog] = useState<'profile' | 'message' | null>(null);
  const titleId = `demo-provider-${provider.id}`;
  return (
    <Card aria-labelledby={titleId} data-testid={`demo-provider-${provider.id}`} className="h-full">
      <CardContent className="flex h-full flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h3 id={titleId} className="text-lg font-semibold leading-tight">
              {provider.name}
            </h3>
            <p className="text-sm text-muted-foreground">{ti(`categories.${provider.category}`)}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-pressed={favourite}
            aria-label={t(favourite ? 'providers.favouriteRemove' : 'providers.favouriteAdd', { name: provider.name })}
            onClick={onToggleFavourite}
            className="shrink-0"
          >
            <Heart className={cn('size-5', favourite ? 'fill-rose-500 text-rose-500' : 'text-muted-foreground')} aria-hidden />
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Stars value={provider.rating} />
          <span className="font-semibold">{formatDecimal(provider.rating, lang, 1)}</span>
          <span className="text-muted-foreground">({t('providers.reviews', { count: provider.reviews })})</span>
          <ProviderBadge badge={provider.badge} />
        </div>
        <p className="text-sm">{t(`data.providers.${provider.id}.description`)}</p>
        <ProviderFacts provider={provider} />
        <div className="mt-auto flex flex-col gap-2 pt-2 sm:flex-row">
          <Button variant="outline" className="sm:flex-1" onClick={() => setDialog('profile')}>
            {t('providers.profile')}
          </Button>
          <Button className="sm:flex-1" onClick={() => setDialog('message')}>
            {t('providers.message')}
          </Button>
        </div>
      </CardContent>
      <Dialog open={dialog === 'profile'} onOpenChange={(o) => setDialog(o ? 'profile' : null)}>
        <DialogContent closeLabel={t('close')}>
          <DialogHeader>
            <DialogTitle className="flex flex-wrap items-center gap-2">
              {t('providers.profileTitle', { name: provider.name })} <DemoTag />
            </DialogTitle>
            <DialogDescription>{t('banner.text')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Stars value={provider.rating} size="md" />
            <span className="text-muted-foreground">{t('providers.reviews', { count: provider.reviews })}</span>
            <ProviderBadge badge={provider.badge} />
          </div>
          <p className="text-sm">
            <span className="font-medium">{t('providers.category')}:</span> {ti(`categories.${provider.category}`)}
          </p>
          <p>{t(`data.providers.${provider.id}.description`)}</p>
          <ProviderFacts provider={provider} />
          <DialogFooter>
            <Button onClick={() => setDialog('message')}>{t('providers.message')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <MessageDialog provider={provider} open={dialog === 'message'} onOpenChange={(o) => setDialog(o ? 'message' : null)} />
    </Card>
  );
}
