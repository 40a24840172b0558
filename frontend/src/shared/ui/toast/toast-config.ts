import type { NotificationConfig } from 'antd/es/notification/interface';

/** Below this width (or height: a phone held sideways) the toasts sit across the top of the screen, just under the header. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px), (max-height: 500px)';

/** Clear of the sticky header (64 px) and its cart button on a larger screen. */
const BELOW_HEADER_PX = 80;
/** Clear of the sticky header (64 px) on a phone. */
const BELOW_PHONE_HEADER_PX = 68;

/**
 * One toast at a time, 5 seconds, closable (spec section 9, read with SPEC-NOTES 5). They never cover the
 * header's cart button, nor what a phone keeps at the bottom of the screen: the pack drawer's subtotal and
 * "Proceed to Checkout", the success page's payment reference below its heading. Below the header on every
 * screen: at the right on a larger one, across the top on a phone.
 */
export function toastConfig(
  isPhone = typeof window !== 'undefined' && window.matchMedia?.(PHONE_TOASTS_QUERY).matches === true,
): NotificationConfig {
  return {
    maxCount: 1,
    duration: 5,
    pauseOnHover: true,
    ...(isPhone ? { placement: 'top', top: BELOW_PHONE_HEADER_PX } : { placement: 'topRight', top: BELOW_HEADER_PX }),
  };
}

/** F8 moves focus to the toast, as the old shop's toast region did. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_SELECTOR = '.ant-notification-notice';
