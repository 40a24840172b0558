import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ReactNode } from 'react';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ToastApi, ToastKind } from './toast-context';
import { ToastContext } from './toast-context';
import { ToastHotkey } from './toast-hotkey';
import { toastPlacement } from './toast-config';

const ToastHost = lazy(() => import('./toast-host'));

interface Pending {
  kind: ToastKind;
  title: string;
  description?: ReactNode;
}

/**
 * The shop's toasts. Their code loads once the page is idle (or at the first toast, whichever comes first);
 * a toast asked for before it arrives is shown as soon as it does.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<NotificationInstance | null>(null);
  const pending = useRef<Pending[]>([]);
  // How many parts of the page (the admin) ask for the toasts at the bottom of the screen.
  const atBottom = useRef(0);

  useEffect(() => {
    const load = () => setWanted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(load, 1000);
    return () => window.clearTimeout(timer);
  }, []);

  const open = (instance: NotificationInstance, { kind, title, description }: Pending) =>
    instance[kind]({
      title,
      description,
      role: kind === 'error' ? 'alert' : 'status',
      closable: true,
      placement: toastPlacement(atBottom.current > 0 ? 'bottom' : 'shop'),
    });

  const onReady = useCallback((instance: NotificationInstance) => {
    api.current = instance;
    for (const toast of pending.current.splice(0)) open(instance, toast);
  }, []);

  const value = useMemo<ToastApi>(
    () => ({
      show: (kind, title, description) => {
        if (api.current !== null) open(api.current, { kind, title, description });
        else {
          pending.current.push({ kind, title, description });
          setWanted(true);
        }
      },
      dismiss: () => {
        pending.current = [];
        api.current?.destroy();
      },
      keepAtBottom: () => {
        atBottom.current += 1;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          atBottom.current -= 1;
        };
      },
    }),
    [],
  );

  return (
    <ToastContext value={value}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <ToastHost onReady={onReady} />
        </Suspense>
      ) : null}
      <ToastHotkey />
    </ToastContext>
  );
}
