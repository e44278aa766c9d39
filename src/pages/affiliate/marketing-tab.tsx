// Marketing: language de/en, sub-tabs e-mail templates and social media, the full text editable in a dialog
// with [AFFILIATE_LINK] and [NAME] filled in, copy. Texts come from the database (GET /api/affiliate/materials).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy, Maximize2, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { currentLang } from '@/i18n';
import { fillMarketingText } from '../../../core/affiliate/fill-marketing-text.ts';
import { affiliateApi, preview, type MarketingMaterialView } from './affiliate-api';
import { useCopy } from './use-copy';

export function MarketingTab({ link, name }: { link: string; name: string }) {
  const { t } = useTranslation('affiliate');
  const [lang, setLang] = useState<'de' | 'en'>(currentLang());
  const [materials, setMaterials] = useState<MarketingMaterialView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<MarketingMaterialView | null>(null);
  useEffect(() => {
    let alive = true;
    setMaterials(null);
    setFailed(false);
    affiliateApi.materials(lang).then(
      (r) => alive && setMaterials(r.materials),
      () => {
        if (!alive) return;
        setFailed(true);
        toast.error(t('marketing.loadError'));
      },
    );
    return () => {
      alive = false;
    };
  }, [lang, t]);
  const fill = (s: string) => fillMarketingText(s, { link, name });
  const list = (kind: 'email' | 'social') => {
    if (failed) return <p className="text-muted-foreground">{t('marketing.loadError')}</p>;
    if (!materials) return <Skeleton className="h-40 w-full" />;
    const items = materials.filter((m) => m.kind === kind);
    if (!items.length) return <p className="text-muted-foreground">{t('marketing.empty')}</p>;
    return (
      <ul className="grid gap-4 md:grid-cols-2">
        {items.map((m) => (
          <li key={m.id}>
            <Card className="h-full" data-testid="marketing-item">
              <CardHeader>
                <CardTitle className="text-base">{m.title}</CardTitle>
                {m.subject && <CardDescription>{fill(m.subject)}</CardDescription>}
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                {m.description && <p className="text-xs text-muted-foreground italic">{m.description}</p>}
                <p className="text-sm whitespace-pre-line text-muted-foreground">{kind === 'email' ? preview(fill(m.body)) : fill(m.body)}</p>
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setOpen(m)} data-testid="material-open">
                    <Maximize2 />
                    {t('marketing.open')}
                  </Button>
                  <CopyButton text={(m.subject ? `${fill(m.subject)}\n\n` : '') + fill(m.body)} />
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-bold">{t('marketing.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('marketing.text')}</p>
        </div>
        <div className="flex flex-col gap-1 sm:w-40">
          <Label htmlFor="marketing-lang">{t('marketing.lang')}</Label>
          <NativeSelect id="marketing-lang" value={lang} onChange={(e) => setLang(e.target.value === 'en' ? 'en' : 'de')}>
            <option value="de">Deutsch</option>
            <option value="en">English</option>
          </NativeSelect>
        </div>
      </div>
      <Tabs defaultValue="email">
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="email">{t('marketing.tabs.email')}</TabsTrigger>
          <TabsTrigger value="social">{t('marketing.tabs.social')}</TabsTrigger>
        </TabsList>
        <TabsContent value="email">{list('email')}</TabsContent>
        <TabsContent value="social">{list('social')}</TabsContent>
      </Tabs>
      {open && <FullView material={open} fill={fill} onClose={() => setOpen(null)} />}
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('affiliate');
  const copy = useCopy();
  return (
    <Button variant="outline" size="sm" onClick={() => void copy(text, 'text')}>
      <Copy />
      {t('marketing.copy')}
    </Button>
  );
}

function FullView({ material, fill, onClose }: { material: MarketingMaterialView; fill: (s: string) => string; onClose: () => void }) {
  const { t } = useTranslation('affiliate');
  const [subject, setSubject] = useState(material.subject ? fill(material.subject) : '');
  const [body, setBody] = useState(fill(material.body));
  const reset = () => {
    setSubject(material.subject ? fill(material.subject) : '');
    setBody(fill(material.body));
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('marketing.close')} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl" data-testid="material-dialog">
        <DialogHeader>
          <DialogTitle>{material.title}</DialogTitle>
          <DialogDescription>{t('marketing.text')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          {material.subject !== null && (
            <div className="flex flex-col gap-2">
              <Label htmlFor="material-subject">{t('marketing.subject')}</Label>
              <Input id="material-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="material-body">{t('marketing.text_')}</Label>
            <Textarea id="material-body" rows={10} value={body} onChange={(e) => setBody(e.target.value)} data-testid="material-body" />
          </div>
        </div>
        <DialogFooter className="gap-2">
          <Button variant="ghost" onClick={reset}>
            <RotateCcw />
            {t('marketing.reset')}
          </Button>
          <CopyButton text={(subject ? `${subject}\n\n` : '') + body} />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
