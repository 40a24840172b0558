import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ChoosePasswordPage, PASSWORD_RULE } from './choose-password-page';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

function sentBody(fetchMock: ReturnType<typeof stubApi>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([input, init]) => requestUrl(input) === path && init?.method === 'POST');
  return call === undefined ? undefined : JSON.parse(call[1]?.body as string);
}

async function choose(user: UserEvent, password: string, confirm = password) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('choosing a password from an e-mailed link', { timeout: 30_000 }, () => {
  it('accepts an invitation: sends the token and the password, then says so and links to the sign-in', async () => {
    const fetchMock = stubApi({ 'POST /api/admin/invites/accept': { body: { accepted: true } } });
    renderWithProviders(<ChoosePasswordPage kind="invite" token="tok-invite" signInHref="/admin" />, {
      route: '/admin/accept-invite?token=tok-invite',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_RULE)).toBeInTheDocument();
    await choose(userEvent.setup(), 'kookaburra laughing river');
    expect(await screen.findByText('Your password is set. Sign in with your e-mail address and this password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to the admin' })).toHaveAttribute('href', '/admin');
    expect(sentBody(fetchMock, '/api/admin/invites/accept')).toEqual({ token: 'tok-invite', password: 'kookaburra laughing river' });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the server’s reason for a weak password on the password field', async () => {
    const reason = 'This password is one of the most common ones. Choose another.';
    stubApi({
      'POST /api/admin/invites/accept': {
        status: 400,
        body: { statusCode: 400, code: 'weak_password', message: reason, fields: { password: reason } },
      },
    });
    renderWithProviders(<ChoosePasswordPage kind="invite" token="tok-invite" signInHref="/admin" />);
    await choose(userEvent.setup(), 'password1234');
    const message = await screen.findByText(reason);
    // Under the field it is about, which is marked invalid.
    expect(message.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Password'));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
  });

  it('checks the length and that both are the same before asking the server', async () => {
    const fetchMock = stubApi({});
    renderWithProviders(<ChoosePasswordPage kind="reset" token="tok-reset" signInHref="/admin" />);
    const user = userEvent.setup();
    await choose(user, 'short', 'short');
    expect(await screen.findByText('Use at least 12 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await choose(user, 'long enough password', 'long enough passwort');
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('completes a reset, and says plainly when the link has expired or been used', async () => {
    const gone = 'This reset link is not valid (it may have expired or been used). Ask for a new one.';
    const fetchMock = stubApi({
      'POST /api/admin/password-reset/complete': { status: 404, body: { statusCode: 404, code: 'reset_link_not_found', message: gone } },
    });
    renderWithProviders(<ChoosePasswordPage kind="reset" token="tok-reset" signInHref="/admin" />);
    await choose(userEvent.setup(), 'a brand new long password');
    expect(await screen.findByText(gone)).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/admin/password-reset/complete')).toEqual({
      token: 'tok-reset',
      password: 'a brand new long password',
    });
    expect(screen.getByRole('link', { name: 'Go to the admin sign-in' })).toHaveAttribute('href', '/admin');
  });

  it('given a link without its token, asks for none and says to open the whole link', () => {
    stubApi({});
    renderWithProviders(<ChoosePasswordPage kind="invite" token={null} signInHref="/admin" />);
    expect(screen.getByText('This link is not complete')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
