import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { CartProvider } from '@/features/cart/cart-provider';
import { createQueryClient } from '@/shared/api/query-client';
import { ToastProvider } from '@/shared/ui/toast/toast-provider';

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so that cached data does not leak between them. */
  queryClient?: QueryClient;
}

/**
 * Toasts, server state and the cart, in the order each needs the one before. antd's theme is not here: the
 * parts drawn with antd bring it with their code (`AntdScope`).
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ToastProvider>
      <QueryClientProvider client={client}>
        <CartProvider>{children}</CartProvider>
      </QueryClientProvider>
    </ToastProvider>
  );
}
