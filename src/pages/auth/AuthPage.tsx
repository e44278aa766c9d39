import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api, ApiError } from '@/lib/api';
import { useAuth, usePageMeta, type Me } from '@/lib/auth';
import { currentLang } from '@/i18n';

type Mode = 'provider' | 'searcher';

function Field({ id, label, children, hint }: { id: string; label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function useErrorText() {
  const { t } = useTranslation('auth');
  return (e: unknown) => {
    if (e instanceof ApiError) {
      if (e.status === 429) return t('errors.RATE_LIMITED');
      const key = `errors.${e.code}`;
      const text = t(key, { defaultValue: '' });
      if (text) return text;
    }
    return t('errors.generic');
  };
}

/** Only same-site paths are followed after sign-in. */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

function homeFor(user: Me | null): string {
  if (user?.role === 'admin') return '/admin';
  if (user?.role === 'provider') return '/';
  return '/search';
}

export function AuthPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'provider' ? 'provider' : 'searcher';
  const view = params.get('view');
  const token = params.get('token');
  usePageMeta(t('meta.title'));
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t(`title.${mode}`)}</h1>
        <p className="mt-2 text-muted-foreground">{t(`subtitle.${mode}`)}</p>
      </div>
      {params.get('verified') === '1' && <Alert variant="success">{t('status.verified')}</Alert>}
      {view === 'reset' && token ? (
        <ResetPasswordCard token={token} onDone={() => setParams({ mode })} />
      ) : view === 'forgot' ? (
        <ForgotPasswordCard onBack={() => setParams({ mode })} />
      ) : (
        <SignInOrRegister mode={mode} onForgot={() => setParams({ mode, view: 'forgot' })} />
      )}
    </div>
  );
}

function SignInOrRegister({ mode, onForgot }: { mode: Mode; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<'signIn' | 'register'>('signIn');
  return (
    <Card>
      <CardContent className="p-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as 'signIn' | 'register')}>
          <TabsList className="w-full">
            <TabsTrigger value="signIn">{t('tabs.signIn')}</TabsTrigger>
            <TabsTrigger value="register">{t('tabs.register')}</TabsTrigger>
          </TabsList>
          <TabsContent value="signIn">
            <SignInForm onForgot={onForgot} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm mode={mode} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SignInForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    const user = await refresh();
    toast.success(t('status.signedIn'));
    navigate(safeNext(params.get('next')) ?? homeFor(user));
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setUnverified(false);
    try {
      const r = await api<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
      if (r.twoFactorRedirect) setStep('totp');
      else await finish();
    } catch (err) {
      setUnverified(err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED');
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: code.replace(/\s/g, ''), trustDevice: false } });
      await finish();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: '/auth?verified=1' } });
      toast.success(t('status.resent'));
    } catch (err) {
      setError(errorText(err));
    }
  };

  if (step === 'totp') {
    return (
      <form onSubmit={submitCode} className="flex flex-col gap-4 pt-2">
        <p className="text-sm text-muted-foreground">{t('hints.twoFactor')}</p>
        <Field id="totp-code" label={t('fields.code')}>
          <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
        </Field>
        {error && <Alert variant="destructive">{error}</Alert>}
        <Button type="submit" disabled={busy}>
          {t('actions.verify')}
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={submitPassword} className="flex flex-col gap-4 pt-2">
      <Field id="signin-email" label={t('fields.email')}>
        <Input id="signin-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field id="signin-password" label={t('fields.password')}>
        <Input id="signin-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {error && (
        <Alert variant="destructive">
          {error}
          {unverified && (
            <Button type="button" variant="link" className="h-auto p-0 pl-1" onClick={() => void resend()}>
              {t('actions.resend')}
            </Button>
          )}
        </Alert>
      )}
      <Button type="submit" disabled={busy}>
        {t('actions.signIn')}
      </Button>
      <Button type="button" variant="link" size="sm" onClick={onForgot}>
        {t('actions.forgot')}
      </Button>
    </form>
  );
}

function RegisterForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  // A partner's code typed at sign-up; the server checks it (a code from a partner link's cookie wins).
  const [referralCode, setReferralCode] = useState(params.get('ref') ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/sign-up/email', {
        method: 'POST',
        body: {
          name: name.trim(),
          email: email.trim(),
          password,
          role: mode === 'provider' ? 'provider' : 'seeker',
          locale: currentLang(),
          callbackURL: '/auth?verified=1',
          ...(referralCode.trim() ? { referralCode: referralCode.trim().toUpperCase() } : {}),
        },
      });
      setSentTo(email.trim());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <div className="flex flex-col gap-3 pt-2">
        <Alert variant="success">{t('status.checkInbox', { email: sentTo })}</Alert>
        <p className="text-xs text-muted-foreground">{t('hints.outbox')}</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 pt-2">
      <Field id="register-name" label={t('fields.name')}>
        <Input id="register-name" autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="register-email" label={t('fields.email')}>
        <Input id="register-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field id="register-password" label={t('fields.password')} hint={t('hints.passwordRule')}>
        <Input id="register-password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Field id="register-referral" label={t('fields.referralCode')} hint={t('hints.referralCode')}>
        <Input id="register-referral" autoComplete="off" maxLength={11} placeholder="AKUT-XXXXXX" value={referralCode} onChange={(e) => setReferralCode(e.target.value)} />
      </Field>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" variant={mode === 'provider' ? 'hero' : 'default'} disabled={busy}>
        {t('actions.register')}
      </Button>
    </form>
  );
}

function ForgotPasswordCard({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api('/api/auth/request-password-reset', { method: 'POST', body: { email: email.trim(), redirectTo: '/auth?view=reset' } });
      setSent(true);
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('actions.forgot')}</CardTitle>
        <CardDescription>{t('hints.forgot')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sent ? (
          <Alert variant="success">{t('status.resetSent')}</Alert>
        ) : (
          <form onSubmit={submit} className="flex flex-col gap-4">
            <Field id="forgot-email" label={t('fields.email')}>
              <Input id="forgot-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field>
            {error && <Alert variant="destructive">{error}</Alert>}
            <Button type="submit">{t('actions.sendReset')}</Button>
          </form>
        )}
        <Button variant="link" size="sm" className="mt-2 px-0" onClick={onBack}>
          {t('actions.back')}
        </Button>
      </CardContent>
    </Card>
  );
}

function ResetPasswordCard({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: password } });
      toast.success(t('status.passwordChanged'));
      onDone();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('fields.newPassword')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field id="reset-password" label={t('fields.newPassword')} hint={t('hints.passwordRule')}>
            <Input id="reset-password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          {error && <Alert variant="destructive">{error}</Alert>}
          <Button type="submit">{t('actions.setPassword')}</Button>
        </form>
      </CardContent>
    </Card>
  );
}
