// Datenschutzerklärung: what is stored, why, how long; the processors switched on in this installation
// (from GET /api/config); the cookies, all strictly necessary, so no banner.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { usePublicConfig, type PublicConfig } from '@/lib/public-config';
import { cn } from '@/lib/utils';
import { LegalLayout, Section } from './legal-layout';

type Row = { name: string; purpose: string; duration: string };
type Text = { title: string; text: string };
const PROCESSORS = ['stripe', 'paypal', 'model', 'mail'] as const;

function active(config: PublicConfig, p: (typeof PROCESSORS)[number]): boolean {
  if (p === 'stripe') return config.checkout === 'stripe';
  if (p === 'paypal') return config.paypalPayouts === 'api';
  if (p === 'model') return config.aiVendor !== null;
  return config.mailMode === 'smtp';
}

export function PrivacyPage() {
  const { t } = useTranslation('legal');
  const { config } = usePublicConfig();
  const cookies = t('privacy.cookies', { returnObjects: true }) as Row[];
  const sections = t('privacy.sections', { returnObjects: true }) as Text[];
  return (
    <LegalLayout page="privacy">
      <p className="text-muted-foreground">{t('privacy.intro')}</p>
      <Section title={t('privacy.noTrackingTitle')} id="keine-tracking-cookies">
        <p data-testid="no-tracking">{t('privacy.noTrackingText')}</p>
      </Section>
      <Section title={t('privacy.controllerTitle')}>
        {config ? (
          <address className="not-italic text-foreground">
            <strong>{config.operator.name}</strong>
            <br />
            {config.operator.address}
            <br />
            <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${config.operator.email}`}>
              {config.operator.email}
            </a>
          </address>
        ) : (
          <p>{t('privacy.processorLoading')}</p>
        )}
      </Section>
      {sections.map((s) => (
        <Section key={s.title} title={s.title}>
          <p>{s.text}</p>
        </Section>
      ))}
      <Section title={t('privacy.cookiesTitle')} id="cookies">
        <ul className="flex flex-col gap-3" data-testid="cookie-list">
          {cookies.map((c) => (
            <li key={c.name} className="rounded-md border bg-background p-3">
              <p className="font-mono text-sm font-semibold text-foreground">{c.name}</p>
              <p>
                <span className="font-medium text-foreground">{t('privacy.cookiePurpose')}:</span> {c.purpose}
              </p>
              <p>
                <span className="font-medium text-foreground">{t('privacy.cookieDuration')}:</span> {c.duration}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('privacy.processorsTitle')} id="empfaenger">
        <p>{t('privacy.processorsIntro')}</p>
        <ul className="flex flex-col gap-3" data-testid="processor-list">
          {PROCESSORS.map((p) => {
            const on = config ? active(config, p) : null;
            const vendor = p === 'model' && config?.aiVendor ? t(`privacy.processors.model.${config.aiVendor}`) : null;
            return (
              <li key={p} className="flex flex-col gap-1 rounded-md border bg-background p-3" data-testid={`processor-${p}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold text-foreground">{vendor ?? t(`privacy.processors.${p}.name`)}</p>
                  <Badge className={cn(on ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'text-muted-foreground')}>
                    {on === null ? t('privacy.processorLoading') : on ? t('privacy.processorActive') : t('privacy.processorInactive')}
                  </Badge>
                </div>
                <p>{t(`privacy.processors.${p}.purpose`)}</p>
              </li>
            );
          })}
        </ul>
      </Section>
    </LegalLayout>
  );
}
