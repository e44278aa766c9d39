// The frame of the legal and help pages: heading, the 'draft, to be reviewed by a lawyer' note, the text.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileWarning } from 'lucide-react';
import { usePageMeta } from '@/lib/auth';

export function LegalLayout({
  page,
  children,
  draft = true,
}: {
  page: 'imprint' | 'privacy' | 'terms' | 'help' | 'contact';
  children: ReactNode;
  draft?: boolean;
}) {
  const { t } = useTranslation('legal');
  usePageMeta(t(`${page}.meta.title`), t(`${page}.meta.description`));
  return (
    <div className="bg-gradient-to-b from-rose-50 via-orange-50/40 to-background">
      <article className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:py-16">
        <header className="flex flex-col gap-3">
          <h1 className="hyphens-auto break-words text-2xl font-extrabold tracking-tight min-[400px]:text-3xl sm:text-4xl">{t(`${page}.title`)}</h1>
          {draft && (
            <p
              className="flex w-fit items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900"
              data-testid="legal-draft"
            >
              <FileWarning className="size-4 shrink-0" aria-hidden />
              {t('draft')}
            </p>
          )}
        </header>
        {children}
        {draft && <p className="text-xs text-muted-foreground">{t('updated')}</p>}
      </article>
    </div>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section id={id} className="flex scroll-mt-20 flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="flex flex-col gap-2 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}
