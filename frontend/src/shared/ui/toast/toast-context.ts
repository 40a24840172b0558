import type { ReactNode } from 'react';
import { createContext } from 'react';

export type ToastKind = 'success' | 'info' | 'error';

export interface ToastApi {
  show: (kind: ToastKind, title: string, description?: ReactNode) => void;
  /** Closes the toast showing (and any waiting for the toasts' code). */
  dismiss: () => void;
  /** Toasts go to the bottom of the screen, in a strip of their own, until the returned function is called. */
  keepAtBottom: () => () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);
