// Impressum (§ 5 DDG): the operator's data come from the server's configuration (OPERATOR_*).
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicConfig } from '@/lib/public-config';
import { LegalLayout, Section } from './legal-layout';

export function ImprintPage() {
  const { t } = useTranslation('legal');
  const { config } = usePublicConfig();
  const op = config?.operator;
  return (
    <LegalLayout page="imprint">
      <p className="text-muted-foreground">{t('imprint.intro')}</p>
      {!op ? (
        <Skeleton className="h-48" />
      ) : (
        <>
          {!op.configured && (
            <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="imprint-placeholder">
              {t('placeholder')}
            </p>
          )}
          <Section title={t('imprint.operator')}>
            <address className="not-italic text-foreground" data-testid="imprint-operator">
              <strong>{op.name}</strong>
              <br />
              {op.address}
            </address>
            {op.representative && (
              <p>
                {t('imprint.representative')}: {op.representative}
              </p>
            )}
          </Section>
          <Section title={t('imprint.contact')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt>{t('imprint.email')}</dt>
              <dd>
                <a className="text-primary underline-offset-4 hover:underline" href={`mailto:${op.email}`}>
                  {op.email}
                </a>
              </dd>
              {op.phone && (
                <>
                  <dt>{t('imprint.phone')}</dt>
                  <dd>{op.phone}</dd>
                </>
              )}
              <dt>{t('imprint.contactForm')}</dt>
              <dd>
                <a className="text-primary underline-offset-4 hover:underline" href="/kontakt">
                  /kontakt
                </a>
              </dd>
            </dl>
          </Section>
          {(op.register || op.vatId) && (
            <Section title={t('imprint.register')}>
              {op.register && <p>{op.register}</p>}
              <p>
                {t('imprint.vatId')}: {op.vatId}
              </p>
            </Section>
          )}
          <Section title={t('imprint.responsibleTitle')}>
            <p>{t('imprint.responsibleText', { name: op.representative ?? op.name })}</p>
          </Section>
        </>
      )}
      <Section title={t('imprint.disputeTitle')}>
        <p>{t('imprint.disputeText')}</p>
      </Section>
      <Section title={t('imprint.liabilityTitle')}>
        <p>{t('imprint.liabilityText')}</p>
      </Section>
      <Section title={t('imprint.dataTitle')}>
        <p>
          <a className="text-primary underline-offset-4 hover:underline" href="https://www.geonames.org" rel="noopener noreferrer" target="_blank">
            {t('imprint.dataText')}
          </a>
        </p>
      </Section>
    </LegalLayout>
  );
}
