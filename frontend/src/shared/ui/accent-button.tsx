import { Button, ConfigProvider } from 'antd';
import type { ButtonProps } from 'antd';
import { accentTheme } from './brand-theme';
import { ButtonLink } from './button-link';
import type { ButtonLinkProps } from './button-link';

/** The amber call-to-action button, dark text on amber for contrast. */
export function AccentButton(props: ButtonProps) {
  return (
    <ConfigProvider theme={accentTheme}>
      <Button type="primary" {...props} />
    </ConfigProvider>
  );
}

/** The amber call to action as a link (Shop Now). */
export function AccentButtonLink(props: ButtonLinkProps) {
  return (
    <ConfigProvider theme={accentTheme}>
      <ButtonLink type="primary" {...props} />
    </ConfigProvider>
  );
}
