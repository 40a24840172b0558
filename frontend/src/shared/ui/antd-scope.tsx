import { ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import type { ReactNode } from 'react';
import { appTheme } from './brand-theme';

/**
 * The brand's antd theme and locale, around the parts of the shop drawn with antd's components (the checkout,
 * the order pages, the club, the admin, the cart drawer, the toasts). The public pages a customer lands on use
 * none, so their code carries no component library: each antd part brings its theme with its own code.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={appTheme} locale={enGB}>
      {children}
    </ConfigProvider>
  );
}
