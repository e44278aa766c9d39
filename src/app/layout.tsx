import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Globe, LayoutDashboard, LogOut, Menu, Shield, X, Zap } from 'lucide-react';
import { buttonClass } from '@/components/ui/button-variants';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { AfterHydration } from './after-hydration';

// The support chat opened by the reply mail's link (?support=1); loaded only then (decision 027).
// The chat's open button and session hook load once the page is there (decision 037); the chat itself when opened.
const ChatExtras = lazy(async () => ({ default: (await import('./chat-extras')).ChatExtras }));
const SupportChatFromLink = lazy(async () => ({ default: (await import('@/pages/affiliate/support/SupportChatFromLink')).SupportChatFromLink }));

// The year as a visitor in Germany sees it, the same on the server (whatever its time zone) and in the browser.
const BERLIN_YEAR = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Berlin' });

const NAV = [
  { href: '/#wie-es-funktioniert', key: 'howItWorks' },
  { href: '/suchende', key: 'seekers' },
  { href: '/anbieter', key: 'providers' },
  { href: '/erfolgreiche-deals', key: 'deals' },
  { href: '/affiliate', key: 'affiliate' },
] as const;

const SUPPORT_LINKS = [
  { key: 'help', href: '/hilfe' },
  { key: 'contact', href: '/kontakt' },
  { key: 'terms', href: '/agb' },
  { key: 'privacy', href: '/datenschutz' },
  { key: 'imprint', href: '/impressum' },
] as const;

// A small menu of its own rather than the Radix dropdown: the header is on every page, and the dropdown's
// positioning code would add about 25 KB gzip to the first load (decision 027).
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      {/* The name includes the visible 'DE' / 'EN' (WCAG 2.5.3, label in name). */}
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 'sm' })}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <Globe aria-hidden />
        <span className="sr-only">{t('language.label')}: </span>
        <span className="uppercase">{(i18n.resolvedLanguage ?? 'de').slice(0, 2)}</span>
      </button>
      {open && (
        <div
          role="menu"
          aria-label={t('language.label')}
          className="absolute right-0 z-50 mt-1 min-w-32 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {(['de', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              role="menuitem"
              lang={l}
              className="flex w-full rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
              onClick={() => {
                setOpen(false);
                void i18n.changeLanguage(l);
              }}
            >
              {t(`language.${l}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
        <Zap className="size-5" aria-hidden />
      </span>
      akut
    </Link>
  );
}

function Header() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const onSignOut = async () => {
    await signOut();
    void import('sonner').then(({ toast }) => toast.success(t('toast.signedOut')));
    void navigate('/');
  };
  const links = (
    <>
      {NAV.map((n) => (
        <a
          key={n.key}
          href={n.href}
          className="rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
          onClick={() => setOpen(false)}
        >
          {t(`nav.${n.key}`)}
        </a>
      ))}
    </>
  );
  const account = user ? (
    <>
      {user.role === 'admin' && (
        <NavLink to="/admin" className={buttonClass({ variant: 'ghost', size: 'sm' })} onClick={() => setOpen(false)}>
          <Shield />
          {t('nav.admin')}
        </NavLink>
      )}
      {user.role !== 'admin' && (
        <NavLink
          to={user.role === 'provider' ? '/anbieter/dashboard' : '/suchende-dashboard'}
          className={buttonClass({ variant: 'ghost', size: 'sm' })}
          data-testid="nav-dashboard"
          onClick={() => setOpen(false)}
        >
          <LayoutDashboard />
          {t(user.role === 'provider' ? 'nav.providerDashboard' : 'nav.seekerDashboard')}
        </NavLink>
      )}
      <span className="hidden max-w-40 truncate text-sm text-muted-foreground 2xl:inline" title={user.email}>
        {t('nav.signedInAs', { name: user.name })}
      </span>
      <button type="button" className={buttonClass({ variant: 'outline', size: 'sm' })} onClick={() => void onSignOut()}>
        <LogOut />
        {t('nav.signOut')}
      </button>
    </>
  ) : (
    // One sign-in door for every role: no mode, the account knows its role (decision 036).
    <a href="/auth" className={buttonClass({ variant: 'outline', size: 'sm' })}>
      {t('nav.login')}
    </a>
  );
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Logo />
        <nav className="hidden flex-1 items-center gap-1 lg:flex" aria-label={t('nav.menu')}>
          {links}
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <LanguageSwitcher />
          {account}
          <a href="/search" className={buttonClass({ variant: 'hero', size: 'sm' })}>
            {t('nav.requestService')}
          </a>
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          <LanguageSwitcher />
          <button
            type="button"
            className={buttonClass({ variant: 'ghost', size: 'icon' })}
            aria-label={t('nav.menu')}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X /> : <Menu />}
          </button>
        </div>
      </div>
      <div className={cn('border-t bg-background px-4 pb-4 lg:hidden', !open && 'hidden')}>
        <nav className="flex flex-col py-2" aria-label={t('nav.menu')}>
          {links}
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          {account}
          <a href="/search" className={buttonClass({ variant: 'hero', size: 'sm' })}>
            {t('nav.requestService')}
          </a>
        </div>
      </div>
    </header>
  );
}

function Footer() {
  const { t } = useTranslation();
  const col = 'flex flex-col gap-2 text-sm';
  const link = 'text-muted-foreground hover:text-foreground';
  return (
    <footer className="border-t bg-muted/40 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <div className={col}>
          <h2 className="font-semibold">{t('footer.seekers')}</h2>
          <a className={link} href="/search">
            {t('footer.seekerRequest')}
          </a>
          <a className={link} href="/#wie-es-funktioniert">
            {t('footer.seekerHow')}
          </a>
          <a className={link} href="/suchende">
            {t('footer.seekerPrices')}
          </a>
        </div>
        <div className={col}>
          <h2 className="font-semibold">{t('footer.providers')}</h2>
          <a className={link} href="/auth?mode=provider">
            {t('footer.providerRegister')}
          </a>
          <a className={link} href="/anbieter/dashboard">
            {t('footer.providerDashboard')}
          </a>
          <a className={link} href="/anbieter#preise">
            {t('footer.providerPrices')}
          </a>
        </div>
        <div className={col}>
          <h2 className="font-semibold">{t('footer.support')}</h2>
          {SUPPORT_LINKS.map(({ key, href }) => (
            <a key={key} className={link} href={href}>
              {t(`footer.${key}`)}
            </a>
          ))}
        </div>
      </div>
      <div className="flex flex-col items-center gap-1 border-t py-4 text-center text-xs text-muted-foreground">
        <span>{t('footer.rights', { year: BERLIN_YEAR.format(new Date()) })}</span>
        <span className="text-muted-foreground">{t('footer.noTracking')}</span>
        <a href="https://www.geonames.org" rel="noopener noreferrer" target="_blank" className="hover:underline">
          {t('footer.dataCredit')}
        </a>
      </div>
    </footer>
  );
}

/**
 * The first stop of the keyboard on every page (WCAG 2.4.1, bypass blocks): above the page until focused, it jumps past
 * the header's links to the page's main content.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#inhalt"
      data-testid="skip-link"
      className="fixed top-2 left-2 z-[60] -translate-y-20 rounded-md bg-primary px-4 py-2 text-sm font-semibold text-primary-foreground shadow-lg focus:translate-y-0"
      onClick={(e) => {
        // The router would keep the address without the fragment; focus the main content directly.
        e.preventDefault();
        const main = document.getElementById('inhalt');
        main?.focus();
        main?.scrollIntoView({ block: 'start' });
      }}
    >
      {t('skipToContent')}
    </a>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="mx-auto max-w-7xl px-4 py-24 text-center text-muted-foreground">
      {t('loading')}
    </div>
  );
}

/** Renders its children once the page has mounted (hydrated), in a state of its own so the layout does not re-render. */
function AfterMount({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * A link to a section of another page ('/affiliate#signup', the 'Weiter' after confirming the e-mail) scrolls
 * there once the section is rendered: the router changes the page without the browser's own jump to the
 * anchor, and the section may come with the page's lazily loaded part.
 */
function useScrollToHash(pathname: string, hash: string) {
  useEffect(() => {
    const id = hash.startsWith('#') ? decodeURIComponent(hash.slice(1)) : '';
    if (!id) return;
    const jump = () => {
      const el = document.getElementById(id);
      if (el) el.scrollIntoView({ block: 'start' });
      return !!el;
    };
    if (jump()) return;
    const watch = new MutationObserver(() => {
      if (jump()) stop();
    });
    // Not found within a few seconds: the page has no such section; stop watching.
    const giveUp = window.setTimeout(() => stop(), 5000);
    const stop = () => {
      watch.disconnect();
      window.clearTimeout(giveUp);
    };
    watch.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}

export function AppLayout() {
  const { pathname, search, hash } = useLocation();
  useScrollToHash(pathname, hash);
  const wantsSupport = new URLSearchParams(search).get('support') === '1';
  const { user } = useAuth();
  const { i18n } = useTranslation();
  // Demo screens keep to fictional data (decision 041): the real chat is not offered there.
  const demo = pathname === '/demo' || new URLSearchParams(search).get('demo') === 'true';
  const showFloatingChat = pathname !== '/search' && pathname !== '/auth' && !demo;
  return (
    // The floating chat's button needs room at the page's end and above it when things scroll into view (index.css).
    <div className="flex min-h-dvh flex-col" data-floating-chat-room={showFloatingChat ? '' : undefined}>
      <SkipLink />
      <Header />
      {/* The skip link's target: focusable by script only, so the next Tab goes on from the page's start. */}
      <main id="inhalt" tabIndex={-1} className="flex-1 focus-visible:outline-none">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <AfterHydration />
        </Suspense>
      </main>
      <Footer />
      {wantsSupport && (
        <Suspense fallback={null}>
          <SupportChatFromLink />
        </Suspense>
      )}
      <AfterMount>
        <ChatExtras userId={user?.id ?? null} lang={i18n.resolvedLanguage ?? 'de'} showFloatingChat={showFloatingChat} />
      </AfterMount>
    </div>
  );
}
