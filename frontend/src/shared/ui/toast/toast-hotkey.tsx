import { useEffect } from 'react';
import { TOAST_HOTKEY, TOAST_SELECTOR } from './toast-config';

/** Lets keyboard users jump to the visible toast with F8 and reach its close button from there. */
export function ToastHotkey(): null {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      const toast = document.querySelector<HTMLElement>(TOAST_SELECTOR);
      if (!toast) return;
      event.preventDefault();
      if (!toast.hasAttribute('tabindex')) toast.setAttribute('tabindex', '-1');
      toast.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}
