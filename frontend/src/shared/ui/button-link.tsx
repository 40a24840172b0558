import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useInAppNavigation } from './plain-button';

export interface ButtonLinkProps extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: string;
}

/**
 * A link that looks like an antd button: a real anchor (middle-click, "copy link" and screen readers
 * all see a link) that navigates inside the app on a plain click.
 */
export function ButtonLink({ to, ...buttonProps }: ButtonLinkProps) {
  return <Button {...buttonProps} href={to} onClick={useInAppNavigation(to)} />;
}
