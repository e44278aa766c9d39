// '/melden?type=…&id=…': the report form on a page of its own, for content that is not shown on a page
// (a deal inquiry is read in the e-mail that carries this link). Anyone may report, signed in or not.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Flag } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { usePageMeta } from '@/lib/auth';
import { ReportDone, ReportForm } from '@/components/report/report-dialog';
import { REPORT_CONTENT_TYPES, type ReportContentType } from '@/components/report/report-types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ReportPage() {
  const { t } = useTranslation(['common', 'reports']);
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  usePageMeta(t('report.page.title'), t('report.page.text'));
  const type = params.get('type') as ReportContentType | null;
  const id = params.get('id') ?? '';
  const valid = !!type && (REPORT_CONTENT_TYPES as readonly string[]).includes(type) && UUID.test(id);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12" data-testid="report-page">
      <div className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <Flag className="size-7 text-primary" aria-hidden />
          {t('report.page.title')}
        </h1>
        <p className="text-muted-foreground">{t('report.page.text')}</p>
      </div>
      {!valid ? (
        <Alert variant="destructive" data-testid="report-link-invalid">
          {t('report.page.invalid')}{' '}
          <Link to="/kontakt" className="font-medium underline underline-offset-4">
            {t('report.page.contact')}
          </Link>
        </Alert>
      ) : (
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">{t(`report.button.${type}`)}</h2>
            <CardDescription>{t('report.page.what', { content: t(`reports:types.${type}`) })}</CardDescription>
          </CardHeader>
          <CardContent>{done ? <ReportDone /> : <ReportForm contentType={type} contentId={id} onDone={() => setDone(true)} />}</CardContent>
        </Card>
      )}
    </div>
  );
}
