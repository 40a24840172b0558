import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useNavigate } from 'react-router-dom';
import './plain-button.css';

/** How a button reads: the brand's teal, the amber call to action, outlined, or bare text. */
export type PlainButtonVariant = 'primary' | 'accent' | 'default' | 'text';
export type PlainButtonSize = 'small' | 'middle' | 'large';

interface Look {
  variant?: PlainButtonVariant;
  size?: PlainButtonSize;
  icon?: ReactNode;
  block?: boolean;
  className?: string;
}

function lookClass({ variant = 'default', size = 'middle', block = false, className }: Look, iconOnly: boolean, loading = false): string {
  return [
    'plain-btn',
    `plain-btn--${variant}`,
    size === 'middle' ? '' : `plain-btn--${size}`,
    block ? 'plain-btn--block' : '',
    iconOnly ? 'plain-btn--icon-only' : '',
    loading ? 'plain-btn--loading' : '',
    className ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ');
}

function Content({ icon, loading, children }: { icon?: ReactNode; loading?: boolean; children?: ReactNode }) {
  return (
    <>
      {loading ? (
        <span className="plain-btn__spinner" aria-hidden />
      ) : icon === undefined ? null : (
        <span className="plain-btn__icon">{icon}</span>
      )}
      {children === undefined || children === null ? null : <span>{children}</span>}
    </>
  );
}

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>, Look {
  /** The form role of the button (a plain button by default, never an accidental submit). */
  htmlType?: 'button' | 'submit' | 'reset';
  /** A request is under way: a spinner shows, and taps do nothing until it ends. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button drawn in plain HTML and CSS with the look of the admin's antd buttons: the storefront's pages use it,
 * so that the code a phone downloads to take a public page over holds no component library.
 */
export function PlainButton({
  variant,
  size,
  icon,
  block,
  className,
  htmlType = 'button',
  loading = false,
  children,
  onClick,
  ...rest
}: PlainButtonProps) {
  return (
    <button
      {...rest}
      type={htmlType}
      className={lookClass({ variant, size, block, className }, children === undefined, loading)}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      <Content icon={icon} loading={loading}>
        {children}
      </Content>
    </button>
  );
}

/**
 * A click handler for a link to a page of the shop: a plain click navigates inside the app; a middle-click or a
 * click with a modifier key is left to the browser (a new tab, a download).
 */
export function useInAppNavigation(to: string): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
}

export interface PlainButtonLinkProps extends Look {
  to: string;
  children?: ReactNode;
  'aria-label'?: string;
}

/**
 * A link that looks like a button: a real anchor (middle-click, "copy link" and screen readers all see a link)
 * that navigates inside the app on a plain click.
 */
export function PlainButtonLink({ to, children, icon, 'aria-label': ariaLabel, ...look }: PlainButtonLinkProps) {
  const onClick = useInAppNavigation(to);
  return (
    <a href={to} onClick={onClick} className={lookClass(look, children === undefined)} aria-label={ariaLabel}>
      <Content icon={icon}>{children}</Content>
    </a>
  );
}

/** A short label (antd's Tag, in plain HTML): the badges on a beer's card. */
export function PlainTag({ color, className, children }: { color?: 'red'; className?: string; children: ReactNode }) {
  return (
    <span className={['plain-tag', color === undefined ? '' : `plain-tag--${color}`, className ?? ''].filter((c) => c !== '').join(' ')}>
      {children}
    </span>
  );
}
