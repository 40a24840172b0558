import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useContext, useEffect, useState } from 'react';
import { PageLoading } from '@/shared/ui/page-loading';
import { AdminLoginForm } from './admin-login-form';
import { readAdminToken, removeAdminToken, storeAdminToken } from '@/shared/api/admin-token';
import { logoutAdmin } from './api/logout-admin';
import { verifyAdminQueryOptions, useVerifyAdmin } from '@/shared/api/admin-verify/verify-admin';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';
import { ServerAdminSession } from '@/shared/admin-access/server-admin-session';

/** Stands for the token while the server draws the page. */
const DRAWN_ON_SERVER = 'drawn-on-server';

export interface AdminSession {
  /** Ends the token on the server, then forgets it here. */
  logout: () => Promise<void>;
}

export interface AdminGateProps {
  /** The dashboard, shown once the stored token is verified or a login succeeds. */
  children: (session: AdminSession) => ReactNode;
}

/**
 * The spec's admin session: no stored token shows the login; a stored token is verified on load, and a
 * rejected or failing check removes it and shows the login.
 */
export function AdminGate({ children }: AdminGateProps) {
  const queryClient = useQueryClient();
  const drawnSignedIn = useContext(ServerAdminSession);
  // On the server the session was checked from its cookie; the token itself is never needed to draw.
  const [token, setToken] = useState(() => (drawnSignedIn ? DRAWN_ON_SERVER : readAdminToken()));
  const verify = useVerifyAdmin(token !== null);
  const rejected = token !== null && (verify.isError || verify.data === false);

  useEffect(() => {
    if (rejected) removeAdminToken();
  }, [rejected]);

  const loggedIn = (newToken: string) => {
    storeAdminToken(newToken);
    queryClient.setQueryData(verifyAdminQueryOptions().queryKey, true);
    setToken(newToken);
  };

  const logout = async () => {
    await logoutAdmin();
    removeAdminToken();
    // Nothing the operator saw may outlive the session.
    queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
    queryClient.removeQueries({ queryKey: verifyAdminQueryOptions().queryKey });
    setToken(null);
  };

  if (token === null || rejected) return <AdminLoginForm onLoggedIn={loggedIn} />;
  if (verify.isPending) return <PageLoading />;
  return children({ logout });
}
