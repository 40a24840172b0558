import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { CartProvider } from '@/features/cart/cart-provider';
import { createQueryClient } from '@/shared/api/query-client';
import { appTheme } from '@/shared/ui/brand-theme';
import { ToastProvider } from '@/shared/ui/toast/toast-provider';

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
      <ToastProvider>
        <QueryClientProvider client={client}>
          <CartProvider>{children}</CartProvider>
        </QueryClientProvider>
      </ToastProvider>
    </ConfigProvider>
  );
}
