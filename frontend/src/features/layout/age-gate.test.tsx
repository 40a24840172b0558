import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveSite } from '@/shared/browser/page-navigation';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ServerAgeAnswerContext, useAgeAnswer } from './age-answer';
import { AgeGate } from './age-gate';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const alertMock = vi.fn();

beforeEach(() => {
  vi.mocked(leaveSite).mockReset();
  alertMock.mockReset();
  vi.stubGlobal('alert', alertMock);
});

/** The gate as the layout shows it: while the visitor has not answered. */
function Gate() {
  const age = useAgeAnswer();
  return (
    <>
      <main id="main-content">
        <h1>The shop</h1>
      </main>
      {age.verified ? <p>Welcome</p> : <AgeGate onConfirm={age.confirm} />}
    </>
  );
}

describe('age gate', () => {
  it('given a first visit, it asks whether the visitor is 18 or older, with no way to close it', async () => {
    renderWithProviders(<Gate />);
    const dialog = await screen.findByRole('dialog', { name: 'Are you 18 or older?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });

  it('given a first visit, focus rests on the question, not on an answer', async () => {
    renderWithProviders(<Gate />);
    const question = await screen.findByText('Are you 18 or older?');
    await waitFor(() => expect(document.activeElement).toBe(question));
  });

  it('given a first visit, when Escape is pressed, then the question stays', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Gate />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(localStorage.getItem('ageVerified')).toBeNull();
  });

  it('when the visitor answers Yes, then ageVerified is stored, the server is told by a cookie, and the gate closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Gate />);
    await user.click(await screen.findByRole('button', { name: /yes/i }));
    expect(localStorage.getItem('ageVerified')).toBe('true');
    expect(document.cookie).toContain('age_verified=true');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(alertMock).not.toHaveBeenCalled();
    // Focus goes on to the page's heading, not back to the document's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'The shop' })).toHaveFocus());
  });

  it('when the visitor answers No, then they are told why and sent to an external search site', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Gate />);
    await user.click(await screen.findByRole('button', { name: /no/i }));
    expect(alertMock).toHaveBeenCalledWith('You must be 18 years or older to access this website.');
    expect(leaveSite).toHaveBeenCalledWith('https://www.google.com');
    expect(localStorage.getItem('ageVerified')).toBeNull();
    expect(document.cookie).not.toContain('age_verified');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it.each([
    ['local storage', () => localStorage.setItem('ageVerified', 'true')],
    ['the cookie', () => (document.cookie = 'age_verified=true; Path=/')],
  ])('given a visitor verified in %s, it does not ask again', (_where, remember) => {
    remember();
    renderWithProviders(<Gate />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Welcome')).toBeInTheDocument();
  });

  it('given server HTML drawn with the gate, when the browser remembers an earlier Yes, then the gate closes and the cookie is set for next time', async () => {
    localStorage.setItem('ageVerified', 'true');
    renderWithProviders(
      <ServerAgeAnswerContext value={false}>
        <Gate />
      </ServerAgeAnswerContext>,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.cookie).toContain('age_verified=true');
  });

  it('given server HTML drawn without the gate (the cookie), it stays away', () => {
    document.cookie = 'age_verified=true; Path=/';
    renderWithProviders(
      <ServerAgeAnswerContext value={true}>
        <Gate />
      </ServerAgeAnswerContext>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
