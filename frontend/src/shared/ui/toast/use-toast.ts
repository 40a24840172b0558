import { App } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';

export interface Toast {
  success: (title: string, description?: ReactNode) => void;
  info: (title: string, description?: ReactNode) => void;
  error: (title: string, description?: ReactNode) => void;
}

/** The shop's toasts: antd notifications configured by the App provider (see toast-config.ts). */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description, role: 'status', closable: true }),
      info: (title, description) => notification.info({ title, description, role: 'status', closable: true }),
      error: (title, description) => notification.error({ title, description, role: 'alert', closable: true }),
    }),
    [notification],
  );
}
