import type { ReactNode } from 'react';
import { useContext, useEffect, useMemo } from 'react';
import { ToastContext } from './toast-context';

export interface Toast {
  success: (title: string, description?: ReactNode) => void;
  info: (title: string, description?: ReactNode) => void;
  error: (title: string, description?: ReactNode) => void;
  /** Closes the toast showing: what it said is in view another way (the pack's drawer shows the pack). */
  dismiss: () => void;
}

/** The shop's toasts (antd notifications, see toast-provider.tsx and toast-config.ts). */
export function useToast(): Toast {
  const context = useContext(ToastContext);
  if (context === null) throw new Error('useToast needs the ToastProvider (AppProvider) above it.');
  return useMemo(
    () => ({
      success: (title, description) => context.show('success', title, description),
      info: (title, description) => context.show('info', title, description),
      error: (title, description) => context.show('error', title, description),
      dismiss: () => context.dismiss(),
    }),
    [context],
  );
}

/**
 * While the calling component is mounted (the admin), toasts open at the bottom of the screen in a strip of their
 * own that dialogs, drawers and bars end above, so that none is drawn over a control (see toast-space.ts).
 */
export function useToastsAtBottom(): void {
  const context = useContext(ToastContext);
  if (context === null) throw new Error('useToastsAtBottom needs the ToastProvider (AppProvider) above it.');
  useEffect(() => context.keepAtBottom(), [context]);
}
