import { useEffect } from 'react';
import { TOAST_HOTKEY, TOAST_SELECTOR } from './toast-config';

/**
 * Lets keyboard users jump to the visible toast with F8 and reach its close button from there; Escape inside
 * the toast closes it, and focus goes back where it was before F8 (also when the toast closes by itself while
 * it has the focus).
 */
export function ToastHotkey(): null {
  useEffect(() => {
    let before: HTMLElement | null = null;
    let watching: MutationObserver | null = null;
    const giveBack = () => {
      const back = before !== null && before.isConnected ? before : null;
      before = null;
      watching?.disconnect();
      watching = null;
      back?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        const active = document.activeElement;
        const toast = active instanceof HTMLElement ? active.closest<HTMLElement>(TOAST_SELECTOR) : null;
        if (toast === null) return;
        event.preventDefault();
        toast.querySelector<HTMLElement>('.ant-notification-notice-close')?.click();
        giveBack();
        return;
      }
      if (event.key !== TOAST_HOTKEY) return;
      const toast = document.querySelector<HTMLElement>(TOAST_SELECTOR);
      if (!toast) return;
      event.preventDefault();
      if (!toast.contains(document.activeElement) && document.activeElement instanceof HTMLElement) before = document.activeElement;
      if (!toast.hasAttribute('tabindex')) toast.setAttribute('tabindex', '-1');
      toast.focus();
      // Its five seconds run out while it has the focus: the focus must not fall to the document.
      watching?.disconnect();
      watching = new MutationObserver(() => {
        if (toast.isConnected) return;
        if (document.activeElement === null || document.activeElement === document.body) giveBack();
        else {
          before = null;
          watching?.disconnect();
          watching = null;
        }
      });
      watching.observe(document.body, { childList: true, subtree: true });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      watching?.disconnect();
    };
  }, []);
  return null;
}
