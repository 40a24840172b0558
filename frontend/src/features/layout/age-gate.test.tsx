import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveSite } from '@/shared/browser/page-navigation';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AgeGate } from './age-gate';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const alertMock = vi.fn();

beforeEach(() => {
  vi.mocked(leaveSite).mockReset();
  alertMock.mockReset();
  vi.stubGlobal('alert', alertMock);
});

describe('age gate', () => {
  it('given a first visit, it asks whether the visitor is 18 or older, with no way to close it', async () => {
    renderWithProviders(<AgeGate />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you 18 or older?');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it('given a first visit, focus rests on the question, not on an answer', async () => {
    renderWithProviders(<AgeGate />);
    const question = await screen.findByText('Are you 18 or older?');
    await waitFor(() => expect(document.activeElement).toBe(question));
  });

  it('given a first visit, when Escape is pressed, then the question stays', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AgeGate />);
    // The opening animation has to finish first, or "visible" would be checked mid-zoom.
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible());
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(localStorage.getItem('ageVerified')).toBeNull();
  });

  it('when the visitor answers Yes, then ageVerified is stored and the modal closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AgeGate />);
    await user.click(await screen.findByRole('button', { name: /yes/i }));
    expect(localStorage.getItem('ageVerified')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('when the visitor answers No, then they are told why and sent to an external search site', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AgeGate />);
    await user.click(await screen.findByRole('button', { name: /no/i }));
    expect(alertMock).toHaveBeenCalledWith('You must be 18 years or older to access this website.');
    expect(leaveSite).toHaveBeenCalledWith('https://www.google.com');
    expect(localStorage.getItem('ageVerified')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('given a verified visitor, it does not ask again', () => {
    localStorage.setItem('ageVerified', 'true');
    renderWithProviders(<AgeGate />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
