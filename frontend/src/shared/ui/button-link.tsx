import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export interface ButtonLinkProps extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: string;
}

/**
 * A link that looks like an antd button: a real anchor (middle-click, "copy link" and screen readers
 * all see a link) that navigates inside the app on a plain click.
 */
export function ButtonLink({ to, ...buttonProps }: ButtonLinkProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...buttonProps} href={to} onClick={onClick} />;
}
