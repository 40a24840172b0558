import type { NotificationConfig } from 'antd/es/notification/interface';

/** Below this width the toasts sit at the bottom: the cart and the checkout button are at the top of a phone. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px)';

/** Clear of the sticky header (64 px) and its cart button on a larger screen. */
const BELOW_HEADER_PX = 80;

/**
 * One toast at a time, 5 seconds, closable (spec section 9, read with SPEC-NOTES 5). They never cover the
 * cart button or the pack's checkout button: below the header on a larger screen, at the bottom on a phone.
 */
export function toastConfig(
  isPhone = typeof window !== 'undefined' && window.matchMedia?.(PHONE_TOASTS_QUERY).matches === true,
): NotificationConfig {
  return {
    maxCount: 1,
    duration: 5,
    pauseOnHover: true,
    ...(isPhone ? { placement: 'bottom', bottom: 16 } : { placement: 'topRight', top: BELOW_HEADER_PX }),
  };
}

/** F8 moves focus to the toast, as the old shop's toast region did. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_SELECTOR = '.ant-notification-notice';
