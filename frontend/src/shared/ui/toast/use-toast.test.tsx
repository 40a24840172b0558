import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PHONE_TOASTS_QUERY } from './toast-config';
import { useToast, useToastsAtBottom } from './use-toast';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Added to Pack', '1 Quokka Pale Ale (can) added to your pack')}>first</button>
      <button onClick={() => toast.info('Cart Updated', '1 unavailable product(s) removed from cart')}>second</button>
    </>
  );
}

/** The admin's page: its toasts at the bottom of the screen. */
function AdminButtons() {
  useToastsAtBottom();
  return <ToastButtons />;
}

/** Which corner or edge of the screen the toast showing was drawn at. */
function placementOfToast(): string | undefined {
  const container = document.querySelector('.ant-notification-notice')?.closest('.ant-notification');
  return Array.from(container?.classList ?? [])
    .find((name) => /^ant-notification-(top|bottom)/.test(name))
    ?.replace('ant-notification-', '');
}

function asPhone(): () => void {
  const screen = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({ ...screen(query), matches: query === PHONE_TOASTS_QUERY }));
  return () => {
    window.matchMedia = screen;
  };
}

describe('where toasts go', () => {
  it.each([
    { given: "the shop's pages on a larger screen", ui: <ToastButtons />, phone: false, placement: 'topRight' },
    { given: "the shop's pages on a phone", ui: <ToastButtons />, phone: true, placement: 'top' },
    { given: 'the admin on a larger screen', ui: <AdminButtons />, phone: false, placement: 'bottomRight' },
    { given: 'the admin on a phone', ui: <AdminButtons />, phone: true, placement: 'bottom' },
  ])('given $given, then a toast shows at the $placement of the screen', async ({ ui, phone, placement }) => {
    const restore = phone ? asPhone() : () => undefined;
    try {
      renderWithProviders(ui);
      await userEvent.setup().click(screen.getByRole('button', { name: 'first' }));
      await screen.findByText('Added to Pack');
      expect(placementOfToast()).toBe(placement);
    } finally {
      restore();
    }
  });

  it('given the admin left (back on the shop), then toasts show below the header again', async () => {
    const user = userEvent.setup();
    function Page() {
      const [admin, setAdmin] = useState(true);
      return (
        <>
          {admin ? <AdminButtons /> : <ToastButtons />}
          <button onClick={() => setAdmin(false)}>leave</button>
        </>
      );
    }
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'leave' }));
    await user.click(screen.getByRole('button', { name: 'first' }));
    await screen.findByText('Added to Pack');
    expect(placementOfToast()).toBe('topRight');
  });
});

describe('toasts', () => {
  it('shows one toast at a time, newest first, with a close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    expect(await screen.findByText('Added to Pack')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'second' }));
    expect(await screen.findByText('Cart Updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Added to Pack')).not.toBeInTheDocument());
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /close/i })).toBeInTheDocument();
  });

  it('moves focus to the toast on F8', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    await screen.findByText('Added to Pack');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(document.activeElement).toHaveClass('ant-notification-notice');
  });

  it('given focus in the toast (F8), when Escape is pressed, then the toast closes and focus goes back where it was', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ToastButtons />);
    const first = screen.getByRole('button', { name: 'first' });
    await user.click(first);
    await screen.findByText('Added to Pack');
    await user.keyboard('{F8}');
    expect(document.activeElement).toHaveClass('ant-notification-notice');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Added to Pack')).not.toBeInTheDocument());
    expect(first).toHaveFocus();
  });

  it('given focus in the toast (F8), when it closes by itself, then focus goes back where it was, not to the document', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ToastButtons />);
    const first = screen.getByRole('button', { name: 'first' });
    await user.click(first);
    await screen.findByText('Added to Pack');
    await user.keyboard('{F8}');
    expect(document.activeElement).toHaveClass('ant-notification-notice');
    await waitFor(() => expect(screen.queryByText('Added to Pack')).not.toBeInTheDocument(), { timeout: 8000 });
    await waitFor(() => expect(first).toHaveFocus());
  }, 15000);

  it('closes by itself after 5 seconds', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'first' }));
    await screen.findByText('Added to Pack');
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(screen.getByText('Added to Pack')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Added to Pack')).not.toBeInTheDocument(), { timeout: 3000 });
  }, 15000);
});
