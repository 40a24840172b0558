import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { CartProvider } from '@/features/cart/cart-provider';
import { createQueryClient } from '@/shared/api/query-client';
import { appTheme } from '@/shared/ui/brand-theme';
import { TOAST_CONFIG } from '@/shared/ui/toast/toast-config';
import { ToastHotkey } from '@/shared/ui/toast/toast-hotkey';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so that cached data does not leak between them. */
  queryClient?: QueryClient;
}

/** Theme, toasts, server state and the cart, in the order each needs the one before. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider theme={appTheme} locale={enGB}>
      <AntApp notification={TOAST_CONFIG} component={false}>
        <QueryClientProvider client={client}>
          <CartProvider>{children}</CartProvider>
        </QueryClientProvider>
        <ToastHotkey />
      </AntApp>
    </ConfigProvider>
  );
}
