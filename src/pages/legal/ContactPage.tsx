// The contact form: POST /api/contact (validated and rate-limited on the server); the server's field
// errors appear next to their fields, other errors (too many messages) above the button.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Send } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { api, ApiError } from '@/lib/api';
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic } from '../../../core/support/contact-rules.ts';
import { LegalLayout } from './legal-layout';

type Field = 'name' | 'email' | 'topic' | 'message';
const FIELDS: Field[] = ['name', 'email', 'topic', 'message'];

export function ContactPage() {
  const { t } = useTranslation('legal');
  const [form, setForm] = useState<{ name: string; email: string; topic: ContactTopic | ''; message: string }>({ name: '', email: '', topic: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const fieldError = (f: Field) => t(`contact.errors.${f}`, { min: CONTACT_LIMITS.messageMin, max: CONTACT_LIMITS.messageMax });

  // The same limits as the server (which decides, and answers field errors the form shows the same way).
  const check = (): Field[] => {
    const bad: Field[] = [];
    const name = form.name.trim();
    if (name.length < CONTACT_LIMITS.nameMin || name.length > CONTACT_LIMITS.nameMax) bad.push('name');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim()) || form.email.length > CONTACT_LIMITS.emailMax) bad.push('email');
    if (!form.topic) bad.push('topic');
    const message = form.message.trim();
    if (message.length < CONTACT_LIMITS.messageMin || message.length > CONTACT_LIMITS.messageMax) bad.push('message');
    return bad;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const bad = check();
    setErrors(Object.fromEntries(bad.map((f) => [f, fieldError(f)])));
    if (bad.length) {
      document.getElementById(`contact-${bad[0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      await api('/api/contact', { method: 'POST', body: form });
      setSent(true);
      setForm({ name: '', email: '', topic: '', message: '' });
      toast.success(t('contact.success'));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields.map((f) => f.path.split('.')[1]).filter((f): f is Field => FIELDS.includes(f as Field)) : [];
      if (fields.length) setErrors(Object.fromEntries(fields.map((f) => [f, fieldError(f)])));
      else {
        const message = err instanceof ApiError && err.message ? err.message : t('common:toast.error');
        setFailure(message);
        toast.error(message);
      }
    } finally {
      setSending(false);
    }
  };

  const set = (f: Field) => (e: { target: { value: string } }) => setForm((v) => ({ ...v, [f]: e.target.value }));
  const describe = (f: Field) => (errors[f] ? { 'aria-invalid': true, 'aria-describedby': `contact-${f}-error` } : {});
  const error = (f: Field) =>
    errors[f] && (
      <p id={`contact-${f}-error`} className="text-sm text-destructive" data-testid={`contact-${f}-error`}>
        {errors[f]}
      </p>
    );

  return (
    <LegalLayout page="contact" draft={false}>
      <p className="text-muted-foreground">{t('contact.intro')}</p>
      {sent ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6 shadow-sm" data-testid="contact-sent">
          <CheckCircle2 className="size-8 text-emerald-600" aria-hidden />
          <h2 className="text-xl font-bold">{t('contact.sentTitle')}</h2>
          <p className="text-muted-foreground">{t('contact.sentText')}</p>
          <Button variant="outline" onClick={() => setSent(false)}>
            {t('contact.another')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
          data-testid="contact-form"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="contact-name">{t('contact.name')}</Label>
              <Input id="contact-name" autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} value={form.name} onChange={set('name')} {...describe('name')} />
              {error('name')}
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="contact-email">{t('contact.email')}</Label>
              <Input
                id="contact-email"
                type="email"
                autoComplete="email"
                maxLength={CONTACT_LIMITS.emailMax}
                value={form.email}
                onChange={set('email')}
                {...describe('email')}
              />
              {error('email')}
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="contact-topic">{t('contact.topic')}</Label>
            <NativeSelect id="contact-topic" value={form.topic} onChange={set('topic')} {...describe('topic')}>
              <option value="" disabled>
                {t('contact.topic')} …
              </option>
              {CONTACT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {t(`contact.topics.${topic}`)}
                </option>
              ))}
            </NativeSelect>
            {error('topic')}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="contact-message">{t('contact.message')}</Label>
            <Textarea
              id="contact-message"
              rows={6}
              maxLength={CONTACT_LIMITS.messageMax}
              value={form.message}
              onChange={set('message')}
              {...describe('message')}
            />
            {error('message') || <p className="text-xs text-muted-foreground">{t('contact.messageHint', { min: CONTACT_LIMITS.messageMin })}</p>}
          </div>
          {failure && <Alert variant="destructive">{failure}</Alert>}
          <p className="text-xs text-muted-foreground">
            <a href="/datenschutz" className="underline-offset-4 hover:underline">
              {t('contact.privacyNote')}
            </a>
          </p>
          <Button type="submit" variant="hero" className="w-fit" disabled={sending}>
            <Send />
            {sending ? t('contact.sending') : t('contact.submit')}
          </Button>
        </form>
      )}
    </LegalLayout>
  );
}
