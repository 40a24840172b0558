import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdminLoginForm, CODE_LABEL, FORGOT_PASSWORD } from './admin-login-form';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const CODE_REQUIRED = {
  statusCode: 401,
  code: 'two_factor_code_required',
  message: 'Enter the 6-digit code from your authenticator app, or a recovery code',
};

function loginBodies(fetchMock: ReturnType<typeof stubApi>): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => requestUrl(input) === '/api/admin/login' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(init?.body as string) as unknown);
}

function renderForm() {
  const onLoggedIn = vi.fn<(token: string) => void>();
  renderWithProviders(<AdminLoginForm onLoggedIn={onLoggedIn} />, { route: '/admin' });
  return onLoggedIn;
}

async function signIn(user: UserEvent, email: string, password: string) {
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in as a person of the staff', { timeout: 30_000 }, () => {
  it('offers the e-mail, said to be optional for the owner, with "Access Admin Panel" until one is typed, then "Sign in"', async () => {
    stubApi({});
    renderForm();
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
    expect(screen.getByText('The owner may leave it empty and use the admin password.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Access Admin Panel' })).toBeInTheDocument();
    expect(screen.queryByLabelText(CODE_LABEL)).not.toBeInTheDocument();
    await userEvent.setup().type(screen.getByLabelText('E-mail'), 'paula@example.com');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('asks for the code only once the server does, then sends the same e-mail and password with it', async () => {
    let answers = 0;
    const fetchMock = stubApi({
      'POST /api/admin/login': () => {
        answers += 1;
        return answers === 1 ? json(CODE_REQUIRED, 401) : json({ token: 'tok-2fa', expiresAt: '2026-11-30T00:00:00Z' }, 201);
      },
    });
    const onLoggedIn = renderForm();
    const user = userEvent.setup();
    await signIn(user, ' paula@example.com ', 'a long pass phrase');

    const code = await screen.findByLabelText(CODE_LABEL);
    expect(screen.getByRole('status')).toHaveTextContent(CODE_REQUIRED.message);
    // The password stays for the second step; nothing signed in yet.
    expect(screen.getByLabelText('Password')).toHaveValue('a long pass phrase');
    expect(onLoggedIn).not.toHaveBeenCalled();

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith('tok-2fa'));
    expect(loginBodies(fetchMock)).toEqual([
      { email: 'paula@example.com', password: 'a long pass phrase' },
      { email: 'paula@example.com', password: 'a long pass phrase', code: '123456' },
    ]);
    expect(await screen.findByText('Admin access granted')).toBeInTheDocument();
  });

  it('given a wrong code, says so on the code field and keeps the password', async () => {
    let answers = 0;
    stubApi({
      'POST /api/admin/login': () => {
        answers += 1;
        return answers === 1
          ? json(CODE_REQUIRED, 401)
          : json(
              {
                statusCode: 401,
                code: 'invalid_two_factor_code',
                message: 'That code is not right. Enter the current code from your app.',
              },
              401,
            );
      },
    });
    const onLoggedIn = renderForm();
    const user = userEvent.setup();
    await signIn(user, 'paula@example.com', 'a long pass phrase');
    await user.type(await screen.findByLabelText(CODE_LABEL), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('That code is not right. Enter the current code from your app.')).toBeInTheDocument();
    expect(screen.getByLabelText(CODE_LABEL)).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('a long pass phrase');
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('given a wrong e-mail or password, shows the server’s words and empties the password', async () => {
    stubApi({
      'POST /api/admin/login': {
        status: 401,
        body: { statusCode: 401, code: 'invalid_credentials', message: 'Invalid e-mail or password' },
      },
    });
    renderForm();
    await signIn(userEvent.setup(), 'paula@example.com', 'wrong one');
    expect(await screen.findByText('Invalid e-mail or password')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.queryByLabelText(CODE_LABEL)).not.toBeInTheDocument();
  });

  it('"Forgot your password?" asks for a reset link and shows the server’s answer', async () => {
    const message = 'If that address belongs to someone on the staff, a reset link is on its way.';
    const fetchMock = stubApi({ 'POST /api/admin/password-reset': { status: 202, body: { message } } });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: FORGOT_PASSWORD }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'paula@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/admin/password-reset');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ email: 'paula@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
