import type { NotificationConfig } from 'antd/es/notification/interface';

/** One toast at a time, 5 seconds, closable (spec section 9, read with SPEC-NOTES 5). */
export const TOAST_CONFIG: NotificationConfig = {
  maxCount: 1,
  duration: 5,
  placement: 'topRight',
  pauseOnHover: true,
};

/** F8 moves focus to the toast, as the old shop's toast region did. */
export const TOAST_HOTKEY = 'F8';
export const TOAST_SELECTOR = '.ant-notification-notice';
