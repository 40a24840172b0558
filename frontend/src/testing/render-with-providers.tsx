import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/shared/api/query-client';

export interface RenderOptions {
  route?: string;
  queryClient?: QueryClient;
}

/** Renders inside the real providers (theme, toasts, query client, cart) and a router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createQueryClient() }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  const result = render(
    // jsdom never ends CSS transitions, so closing modals, drawers and toasts would hang half-way;
    // the app's theme inherits this switch.
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProvider>
    </ConfigProvider>,
  );
  return { ...result, queryClient };
}
