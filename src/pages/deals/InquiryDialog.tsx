// 'Nachfragen' about a successful deal: e-mail and message to the parties who chose to be contactable.
// Sending needs a signed-in person; the server stores the question and e-mails it on.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { LogIn, Send } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import type { SuccessfulDeal } from './types';

export function InquiryDialog({ deal, onOpenChange }: { deal: SuccessfulDeal | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('deals');
  const { user } = useAuth();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const open = deal !== null;

  // Prefill the signed-in person's address each time the dialog opens (they may still change it).
  useEffect(() => {
    if (open && user?.email) setEmail((cur) => cur || user.email);
  }, [open, user?.email]);

  const canSend = email.trim() !== '' && message.trim() !== '' && !sending;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!deal || !canSend) return;
    if (!user) {
      toast.error(t('inquiry.signInTitle'), { description: t('inquiry.signInText') });
      return;
    }
    setSending(true);
    try {
      await api(`/api/successful-deals/${deal.id}/inquiries`, { method: 'POST', body: { email: email.trim(), message: message.trim() } });
      toast.success(t('inquiry.sent'), { description: t('inquiry.sentText') });
      setMessage('');
      onOpenChange(false);
    } catch (err) {
      toast.error(t('inquiry.failed'), { description: err instanceof ApiError && err.message ? err.message : undefined });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('market:close')} className="sm:max-w-[500px]" data-testid="inquiry-dialog">
        <form onSubmit={send} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('inquiry.title')}</DialogTitle>
            <DialogDescription>{deal ? t('inquiry.text', { provider: deal.providerName }) : ''}</DialogDescription>
          </DialogHeader>
          {!user && (
            <Alert className="flex flex-wrap items-center justify-between gap-2">
              <span>{t('inquiry.signInHint')}</span>
              <Button asChild size="sm" variant="outline">
                <Link to="/auth?mode=searcher&next=/erfolgreiche-deals">
                  <LogIn aria-hidden />
                  {t('inquiry.signIn')}
                </Link>
              </Button>
            </Alert>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="inquiry-email">{t('inquiry.email')}</Label>
            <Input
              id="inquiry-email"
              type="email"
              autoComplete="email"
              required
              maxLength={200}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={t('inquiry.emailPlaceholder')}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="inquiry-message">{t('inquiry.message')}</Label>
            <Textarea
              id="inquiry-message"
              required
              maxLength={2000}
              rows={5}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              placeholder={t('inquiry.messagePlaceholder')}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('inquiry.cancel')}
            </Button>
            <Button type="submit" disabled={!canSend} data-testid="inquiry-send">
              <Send aria-hidden />
              {sending ? t('inquiry.sending') : t('inquiry.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
