import type { NotificationConfig } from 'antd/es/notification/interface';

/** Below this width (or height: a phone held sideways) the toasts sit across the top of the screen, just under the header. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px), (max-height: 500px)';

/** Clear of the sticky header (64 px) and its cart button on a larger screen. */
const BELOW_HEADER_PX = 80;
/** Clear of the sticky header (64 px) on a phone. */
const BELOW_PHONE_HEADER_PX = 68;
/** From the bottom of the screen, for toasts kept at the bottom (the admin's). */
const ABOVE_BOTTOM_PX = 24;
const ABOVE_PHONE_BOTTOM_PX = 8;

export type ToastPlacement = 'top' | 'topRight' | 'bottom' | 'bottomRight';

/** Where toasts go: `shop` below the header, `bottom` in a strip of their own that dialogs and drawers end above. */
export type ToastArea = 'shop' | 'bottom';

export function isPhoneScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(PHONE_TOASTS_QUERY).matches === true;
}

/**
 * One toast at a time, 5 seconds, closable (spec section 9, read as docs/decisions/0004, item 4, says). They never cover the
 * header's cart button, nor what a phone keeps at the bottom of the screen: the pack drawer's subtotal and
 * "Proceed to Checkout", the success page's payment reference below its heading. Below the header on every
 * screen: at the right on a larger one, across the top on a phone.
 */
export function toastConfig(isPhone = isPhoneScreen()): NotificationConfig {
  return {
    maxCount: 1,
    duration: 5,
    pauseOnHover: true,
    ...(isPhone ? { placement: 'top', top: BELOW_PHONE_HEADER_PX } : { placement: 'topRight', top: BELOW_HEADER_PX }),
    bottom: isPhone ? ABOVE_PHONE_BOTTOM_PX : ABOVE_BOTTOM_PX,
    getContainer: toastLayer,
  };
}

/**
 * A toast's place: the shop's below the header (as `toastConfig` says); the admin's at the bottom of the screen,
 * across it on a phone and at the right on a larger screen, where it reserves its strip (see `toast-space.ts`):
 * the admin's dialogs, drawers and bars end above it, so a toast never lies over the tracking field, a hand-over
 * button or any other control while it shows.
 */
export function toastPlacement(area: ToastArea, isPhone = isPhoneScreen()): ToastPlacement {
  if (area === 'bottom') return isPhone ? 'bottom' : 'bottomRight';
  return isPhone ? 'top' : 'topRight';
}

/** The element the toasts are drawn in (made at first use): the strip a bottom toast keeps is measured there. */
export function toastLayer(): HTMLElement {
  const existing = document.querySelector<HTMLElement>(`.${TOAST_LAYER_CLASS}`);
  if (existing !== null) return existing;
  const layer = document.createElement('div');
  layer.className = TOAST_LAYER_CLASS;
  document.body.appendChild(layer);
  return layer;
}

export const TOAST_LAYER_CLASS = 'toast-layer';

/** F8 moves focus to the toast, as the old shop's toast region did. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_SELECTOR = '.ant-notification-notice';
