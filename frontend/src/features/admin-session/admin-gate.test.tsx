import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/shared/browser/page-navigation';
import { never, requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AdminGate } from './admin-gate';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

function renderGate() {
  return renderWithProviders(
    <AdminGate>
      {({ logout }) => (
        <div>
          <h1>Admin Dashboard</h1>
          <button onClick={() => void logout()}>Log out</button>
        </div>
      )}
    </AdminGate>,
    { route: '/admin' },
  );
}

async function submitPassword(password: string) {
  const user = userEvent.setup();
  if (password !== '') await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Access Admin Panel' }));
}

beforeEach(() => vi.mocked(reloadPage).mockReset());

describe('admin login (no stored token)', () => {
  it('shows the spec login form: "Admin Access", "Enter admin password to continue", a password field and the button', () => {
    stubApi({});
    renderGate();
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(screen.getByText('Enter admin password to continue')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Access Admin Panel' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it.each([{ password: '' }, { password: '   ' }])(
    'given the password "$password", it asks for one and calls no server',
    async ({ password }) => {
      const fetchMock = stubApi({});
      renderGate();
      await submitPassword(password);
      expect(await screen.findByText('Admin password required')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('given the right password, it stores the token under adminToken, toasts "Admin access granted" and shows the dashboard', async () => {
    const fetchMock = stubApi({ 'POST /api/admin/login': { body: { token: 'tok-123', expiresAt: '2026-11-23T00:00:00Z' } } });
    renderGate();
    await submitPassword('correct horse');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Admin access granted')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBe('tok-123');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ password: 'correct horse' });
    // A fresh login is not verified again.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('while the server answers, the button reads "Authenticating..."', async () => {
    stubApi({ 'POST /api/admin/login': never });
    renderGate();
    await submitPassword('anything');
    expect(await screen.findByRole('button', { name: /Authenticating\.\.\./ })).toBeInTheDocument();
  });

  it.each([
    {
      case: 'a wrong password (401)',
      answer: { status: 401, body: { statusCode: 401, message: 'Invalid admin password' } },
      toast: 'Invalid admin password',
    },
    {
      case: 'too many attempts (429)',
      answer: { status: 429, body: { statusCode: 429, message: 'Too many login attempts, try again in a minute' } },
      toast: 'Too many login attempts, try again in a minute',
    },
  ])('given $case, it toasts "$toast", stores nothing and does not reload', async ({ answer, toast }) => {
    stubApi({ 'POST /api/admin/login': answer });
    renderGate();
    await submitPassword('wrong-password');
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
  });

  it('given no connection, it toasts "Failed to authenticate"', async () => {
    stubApi({ 'POST /api/admin/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderGate();
    await submitPassword('whatever');
    expect(await screen.findByText('Failed to authenticate')).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});

describe('stored admin token, verified on load', () => {
  it('given the server accepts it, the dashboard shows', async () => {
    localStorage.setItem('adminToken', 'good');
    const fetchMock = stubApi({ 'GET /api/admin/verify': { body: { ok: true } } });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer good');
  });

  it.each([
    { case: 'rejects it (401)', answer: { status: 401, body: { statusCode: 401, message: 'Unauthorized' } } },
    { case: 'fails (500)', answer: { status: 500, body: { statusCode: 500, message: 'boom' } } },
    { case: 'cannot be reached', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
  ])('given the server $case, the token is removed and the login shows', async ({ answer }) => {
    localStorage.setItem('adminToken', 'stale');
    stubApi({ 'GET /api/admin/verify': answer });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('adminToken')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('logging out ends the token on the server, removes it and shows the login', async () => {
    localStorage.setItem('adminToken', 'good');
    const fetchMock = stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      'POST /api/admin/logout': { body: { message: 'Logged out' } },
    });
    renderGate();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
    const logout = fetchMock.mock.calls.find(([input, init]) => requestUrl(input) === '/api/admin/logout' && init?.method === 'POST');
    expect(new Headers(logout?.[1]?.headers).get('Authorization')).toBe('Bearer good');
  });

  it('logging out while the server cannot be reached still forgets the token here', async () => {
    localStorage.setItem('adminToken', 'good');
    stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      'POST /api/admin/logout': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderGate();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(localStorage.getItem('adminToken')).toBeNull();
  });
});
