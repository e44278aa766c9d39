// AGB for seekers, providers and partners: one page, a section per group, linkable by anchor (#anbieter).
import { useTranslation } from 'react-i18next';
import { LegalLayout, Section } from './legal-layout';

type Group = { id: string; title: string; items: string[] };

export function TermsPage() {
  const { t } = useTranslation('legal');
  const groups = t('terms.groups', { returnObjects: true }) as Group[];
  return (
    <LegalLayout page="terms">
      <p className="text-muted-foreground">{t('terms.intro')}</p>
      <nav className="flex flex-wrap gap-2 text-sm" aria-label={t('terms.title')}>
        {groups.map((g) => (
          <a key={g.id} href={`#${g.id}`} className="rounded-full border bg-card px-3 py-1 hover:bg-muted">
            {g.title}
          </a>
        ))}
      </nav>
      {groups.map((g) => (
        <Section key={g.id} id={g.id} title={g.title}>
          <ol className="flex list-decimal flex-col gap-2 pl-5">
            {g.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ol>
        </Section>
      ))}
    </LegalLayout>
  );
}
