// Who is signed in, from GET /api/me (the server decides roles; the client only reacts).
import { createContext, startTransition, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from './api';
import { loadAllWords } from '@/i18n';

export interface Me {
  id: string;
  email: string;
  name: string;
  role: 'seeker' | 'provider' | 'admin';
  locale: 'de' | 'en';
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** The account's dashboard, decided by the server (server/domain/users/find-home-path.ts). */
  home: string;
}

interface AuthState {
  user: Me | null;
  loading: boolean;
  refresh(): Promise<Me | null>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<Me | null>(null);
  const [loading, setLoading] = useState(true);
  // As a transition: on a page from the server, an urgent update reaching a part still hydrating would
  // replace the server's HTML with the loading fallback (decision 037).
  const refresh = useCallback(async () => {
    let u: Me | null = null;
    try {
      u = (await api<{ user: Me | null }>('/api/me')).user;
    } catch {
      u = null;
    }
    // A signed-in visitor's view of a server page may use words its anonymous HTML did not (decision 087).
    if (u) await loadAllWords().catch(() => undefined);
    startTransition(() => {
      setUser(u);
      setLoading(false);
    });
    return u;
  }, []);
  const signOut = useCallback(async () => {
    await api('/api/auth/sign-out', { method: 'POST', body: {} });
    setUser(null);
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <AuthContext.Provider value={{ user, loading, refresh, signOut }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

// Pages import it from here; it lives with the server render's head (decision 037).
export { usePageMeta } from './page-meta';
