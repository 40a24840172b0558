import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { useToast } from './use-toast';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Added to Pack', '1 Quokka Pale Ale (can) added to your pack')}>first</button>
      <button onClick={() => toast.info('Cart Updated', '1 unavailable product(s) removed from cart')}>second</button>
    </>
  );
}

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
