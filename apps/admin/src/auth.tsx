import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_API, type OperatorInfo } from '@app/contract';
import { call, session, whenSessionExpires } from './api';

interface Auth {
  operator: OperatorInfo | null;
  /** Why the operator is at the sign-in without asking (their session expired), or null. */
  notice: string | null;
  signedIn(token: string, operator: OperatorInfo): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [operator, setOperator] = useState<OperatorInfo | null>(() => (session.token() ? session.operator() : null));
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    whenSessionExpires(() => {
      session.clear();
      queryClient.clear();
      setOperator(null);
      setNotice('Your session has expired. Sign in again.');
    });
  }, [queryClient]);

  const signedIn = useCallback((token: string, who: OperatorInfo) => {
    session.save(token, who);
    setNotice(null);
    setOperator(who);
  }, []);

  const signOut = useCallback(async () => {
    // The session ends on the server; the browser forgets it whatever the answer.
    await call(ADMIN_API.auth.logout, {}).catch(() => undefined);
    session.clear();
    queryClient.clear();
    setNotice(null);
    setOperator(null);
  }, [queryClient]);

  const value = useMemo(() => ({ operator, notice, signedIn, signOut }), [operator, notice, signedIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
