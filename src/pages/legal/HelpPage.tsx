// Help centre: questions and answers by group, as native disclosure widgets (keyboard and screen readers).
import { useTranslation } from 'react-i18next';
import { ChevronDown, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LegalLayout, Section } from './legal-layout';

type Group = { id: string; title: string; items: { q: string; a: string }[] };

export function HelpPage() {
  const { t } = useTranslation('legal');
  const groups = t('help.groups', { returnObjects: true }) as Group[];
  return (
    <LegalLayout page="help" draft={false}>
      <p className="text-muted-foreground">{t('help.intro')}</p>
      {groups.map((g) => (
        <Section key={g.id} id={g.id} title={g.title}>
          {g.items.map((item) => (
            <details key={item.q} className="group rounded-md border bg-background px-3 py-2">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-medium text-foreground">
                {item.q}
                <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <p className="pt-2">{item.a}</p>
            </details>
          ))}
        </Section>
      ))}
      <Button asChild variant="hero" className="w-fit">
        <a href="/kontakt">
          <Mail />
          {t('help.contactCta')}
        </a>
      </Button>
    </LegalLayout>
  );
}
