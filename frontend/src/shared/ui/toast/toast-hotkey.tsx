import { useEffect } from 'react';
import { TOAST_HOTKEY, TOAST_SELECTOR } from './toast-config';

/**
 * Lets keyboard users jump to the visible toast with F8 and reach its close button from there; Escape inside
 * the toast closes it and puts focus back where it was before F8.
 */
export function ToastHotkey(): null {
  useEffect(() => {
    let before: HTMLElement | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        const active = document.activeElement;
        const toast = active instanceof HTMLElement ? active.closest<HTMLElement>(TOAST_SELECTOR) : null;
        if (toast === null) return;
        event.preventDefault();
        toast.querySelector<HTMLElement>('.ant-notification-notice-close')?.click();
        const back = before !== null && before.isConnected ? before : null;
        before = null;
        back?.focus();
        return;
      }
      if (event.key !== TOAST_HOTKEY) return;
      const toast = document.querySelector<HTMLElement>(TOAST_SELECTOR);
      if (!toast) return;
      event.preventDefault();
      if (!toast.contains(document.activeElement) && document.activeElement instanceof HTMLElement) before = document.activeElement;
      if (!toast.hasAttribute('tabindex')) toast.setAttribute('tabindex', '-1');
      toast.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}
