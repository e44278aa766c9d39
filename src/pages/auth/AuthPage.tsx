import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MailCheck, UserCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api, ApiError } from '@/lib/api';
import { useAuth, usePageMeta, type Me } from '@/lib/auth';
import { safeNext } from '@/lib/safe-next';
import { cn } from '@/lib/utils';
import { currentLang } from '@/i18n';

// One door for every role (decision 036): signing in needs no role, the account knows it and lands on its
// dashboard (or a safe same-site `next`). Registering asks 'Ich suche' / 'Ich biete an'; `mode` only
// pre-selects the answer. A link with `mode` and no `next` is a sign-up link, so it opens registration.
type SignUpRole = 'seeker' | 'provider';
type Tab = 'signIn' | 'register';

function roleFromMode(mode: string | null): SignUpRole | null {
  if (mode === 'provider') return 'provider';
  if (mode === 'searcher' || mode === 'seeker') return 'seeker';
  return null;
}

/** Where better-auth sends the person after the mailed link: back here, keeping a safe `next`. */
function verifiedUrl(next: string | null): string {
  return `/auth?verified=1${next ? `&next=${encodeURIComponent(next)}` : ''}`;
}

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
      // The server names why the password is guessable, in the page's language (x-akut-lang).
      if (e.code === 'PASSWORD_TOO_WEAK' && e.message) return e.message;
      const key = `errors.${e.code}`;
      const text = t(key, { defaultValue: '' });
      if (text) return text;
    }
    return t('errors.generic');
  };
}

export function AuthPage() {
  const { t } = useTranslation('auth');
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const modeRole = roleFromMode(params.get('mode'));
  const view = params.get('view');
  const token = params.get('token');
  const next = safeNext(params.get('next'));
  const verified = params.get('verified') === '1';
  // better-auth appends ?error=… to the callback when the mailed link was bad or expired.
  const verifyError = params.get('error');
  const initialTab: Tab = view === 'register' || (view !== 'signIn' && modeRole !== null && !params.get('next')) ? 'register' : 'signIn';
  // Switching between the cards keeps what the person came with (mode, next), nothing else.
  const keep = (extra: Record<string, string>) =>
    setParams({ ...(params.get('mode') ? { mode: params.get('mode')! } : {}), ...(next ? { next } : {}), ...extra });
  usePageMeta(t('meta.title'));

  let body: ReactNode;
  if (view === 'reset' && token) body = <ResetPasswordCard token={token} onDone={() => keep({})} />;
  else if (view === 'forgot') body = <ForgotPasswordCard onBack={() => keep({})} />;
  else if (user && !verifyError) return <SignedInCard user={user} verified={verified} next={next} />;
  // After the mailed link the session is being read: no sign-in form flashes up in the meantime.
  else if (loading && verified) body = null;
  else body = <SignInOrRegister key={initialTab} initialTab={initialTab} modeRole={modeRole} next={next} onForgot={() => keep({ view: 'forgot' })} />;
  const titleKey = modeRole === 'provider' ? 'provider' : 'account';
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t(`title.${titleKey}`)}</h1>
        <p className="mt-2 text-muted-foreground">{t(`subtitle.${titleKey}`)}</p>
      </div>
      {verified && verifyError && <Alert variant="destructive">{t(verifyError === 'TOKEN_EXPIRED' ? 'errors.TOKEN_EXPIRED' : 'errors.verifyFailed')}</Alert>}
      {verified && !verifyError && !loading && <Alert variant="success">{t('status.verified')}</Alert>}
      {body}
    </div>
  );
}

/** A signed-in person on /auth (most often just after the mailed link): say so and show the way on. */
function SignedInCard({ user, verified, next }: { user: Me; verified: boolean; next: string | null }) {
  const { t } = useTranslation('auth');
  const Icon = verified ? MailCheck : UserCheck;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <Card data-testid="auth-signed-in">
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <Icon aria-hidden="true" className="size-12 text-emerald-600" />
          <h1 className="text-2xl font-bold tracking-tight">{verified ? t('signedIn.verifiedTitle') : t('signedIn.title')}</h1>
          <p className="text-muted-foreground">{verified ? t('signedIn.verifiedText', { name: user.name }) : t('signedIn.text', { email: user.email })}</p>
          <Button asChild size="lg" className="w-full sm:w-auto">
            <Link to={next ?? user.home}>{next ? t('actions.continue') : t('actions.toDashboard')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

function SignInOrRegister({
  initialTab,
  modeRole,
  next,
  onForgot,
}: {
  initialTab: Tab;
  modeRole: SignUpRole | null;
  next: string | null;
  onForgot: () => void;
}) {
  const { t } = useTranslation('auth');
  const [tab, setTab] = useState<Tab>(initialTab);
  return (
    <Card>
      <CardContent className="p-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList className="w-full">
            <TabsTrigger value="signIn">{t('tabs.signIn')}</TabsTrigger>
            <TabsTrigger value="register">{t('tabs.register')}</TabsTrigger>
          </TabsList>
          <TabsContent value="signIn">
            <SignInForm next={next} onForgot={onForgot} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm initialRole={modeRole} next={next} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SignInForm({ next, onForgot }: { next: string | null; onForgot: () => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { refresh } = useAuth();
  const navigate = useNavigate();
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
    void navigate(next ?? user?.home ?? '/');
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
      await api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: verifiedUrl(next) } });
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
          <Input
            id="totp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
          />
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

function RegisterForm({ initialRole, next }: { initialRole: SignUpRole | null; next: string | null }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  // The first name the chat already asked for (…&name=Anna): the person adds the rest.
  const [name, setName] = useState((params.get('name') ?? '').trim().slice(0, 100));
  const [role, setRole] = useState<SignUpRole | null>(initialRole);
  // A partner's code typed at sign-up; the server checks it (a code from a partner link's cookie wins).
  const [referralCode, setReferralCode] = useState(params.get('ref') ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!role) {
      setError(t('hints.chooseRole'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/sign-up/email', {
        method: 'POST',
        body: {
          name: name.trim(),
          email: email.trim(),
          password,
          role,
          locale: currentLang(),
          callbackURL: verifiedUrl(next),
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
        <p className="text-xs text-muted-foreground">{t('status.checkSpam')}</p>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 pt-2">
      <RoleChoice value={role} onChange={setRole} />
      <Field id="register-name" label={t('fields.name')}>
        <Input id="register-name" autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="register-email" label={t('fields.email')}>
        <Input id="register-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field id="register-password" label={t('fields.password')} hint={t('hints.passwordRule')}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field id="register-referral" label={t('fields.referralCode')} hint={t('hints.referralCode')}>
        <Input
          id="register-referral"
          autoComplete="off"
          maxLength={11}
          placeholder="AKUT-XXXXXX"
          value={referralCode}
          onChange={(e) => setReferralCode(e.target.value)}
        />
      </Field>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" variant={role === 'provider' ? 'hero' : 'default'} disabled={busy}>
        {t('actions.register')}
      </Button>
    </form>
  );
}

/** 'Ich suche' / 'Ich biete an' as two radio cards; nothing is chosen unless the link said so. */
function RoleChoice({ value, onChange }: { value: SignUpRole | null; onChange: (role: SignUpRole) => void }) {
  const { t } = useTranslation('auth');
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('fields.role')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['seeker', 'provider'] as const).map((r) => (
          <label
            key={r}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-muted/60',
              value === r && 'border-primary bg-primary/5 ring-1 ring-primary',
            )}
          >
            <input
              type="radio"
              name="register-role"
              value={r}
              required
              checked={value === r}
              onChange={() => onChange(r)}
              aria-labelledby={`${id}-${r}`}
              aria-describedby={`${id}-${r}-hint`}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span className="flex flex-col gap-0.5">
              <span id={`${id}-${r}`} className="font-semibold">
                {t(`roles.${r}`)}
              </span>
              <span id={`${id}-${r}-hint`} className="text-xs text-muted-foreground">
                {t(`roles.${r}Hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
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
            <Input
              id="reset-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {error && <Alert variant="destructive">{error}</Alert>}
          <Button type="submit">{t('actions.setPassword')}</Button>
        </form>
      </CardContent>
    </Card>
  );
}
