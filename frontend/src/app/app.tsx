import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ServerAgeAnswerContext } from '@/features/layout/age-answer';
import { SiteOriginContext } from '@/shared/ui/page-meta';
import { AppProvider } from './provider';
import { createAppRouter } from './router';
import './app.css';

export interface AppProps {
  queryClient?: QueryClient;
  /** The age answer the server's HTML was drawn with, when the page hydrates server HTML. */
  serverAgeAnswer?: boolean;
  /** The shop's public address the server wrote its links with, when the page hydrates server HTML. */
  siteOrigin?: string;
}

export function App({ queryClient, serverAgeAnswer, siteOrigin }: AppProps) {
  const [router] = useState(createAppRouter);
  return (
    <SiteOriginContext value={siteOrigin ?? null}>
      <ServerAgeAnswerContext value={serverAgeAnswer ?? null}>
        <AppProvider queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProvider>
      </ServerAgeAnswerContext>
    </SiteOriginContext>
  );
}
