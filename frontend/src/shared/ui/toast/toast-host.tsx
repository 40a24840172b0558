import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect } from 'react';
import { AntdScope } from '../antd-scope';
import { toastConfig, toastLayer } from './toast-config';
import { keepToastSpace } from './toast-space';
import './toast-space.css';

export interface ToastHostProps {
  onReady: (api: NotificationInstance) => void;
}

/** antd's notifications, in their own chunk and theme: the page paints and runs before their code is needed. */
export default function ToastHost(props: ToastHostProps) {
  return (
    <AntdScope>
      <ToastHolder {...props} />
    </AntdScope>
  );
}

function ToastHolder({ onReady }: ToastHostProps) {
  const [api, holder] = notification.useNotification(toastConfig());
  useEffect(() => onReady(api), [api, onReady]);
  // A toast at the bottom keeps its strip of the screen while it shows (see toast-space.ts).
  useEffect(() => keepToastSpace(toastLayer()), []);
  return holder;
}
