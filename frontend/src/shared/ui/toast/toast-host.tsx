import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { toastConfig } from './toast-config';

export interface ToastHostProps {
  onReady: (api: NotificationInstance) => void;
}

/** antd's notifications, in their own chunk: the page paints and runs before their code is needed. */
export default function ToastHost({ onReady }: ToastHostProps) {
  const [api, holder] = notification.useNotification(toastConfig());
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
