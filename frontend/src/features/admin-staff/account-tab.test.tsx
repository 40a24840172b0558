import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminMeFixture } from '@/testing/admin-me-fixture';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { AccountTab, SETUP_REQUIRED_TITLE } from './account-tab';
import { groupedSecret, KEEP_RECOVERY_CODES } from './two-factor-card';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const SESSIONS = [
  {
    id: 'session-1',
    signedInAt: '2026-11-25T02:46:00.000Z',
    expiresAt: '2026-11-26T02:46:00.000Z',
    client: 'Firefox on Linux',
    current: true,
  },
  {
    id: 'session-0',
    signedInAt: '2026-11-24T01:00:00.000Z',
    expiresAt: '2026-11-25T01:00:00.000Z',
    client: 'Safari on iPhone',
    current: false,
  },
];

const RECOVERY_CODES = Array.from({ length: 10 }, (_, index) => `abcd-efgh-${String(index).padStart(2, '0')}`);

describe('My account', { timeout: 30_000 }, () => {
  it('shows who I am and my sessions: this device has no End, another one ends', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/me': { body: adminMeFixture('packer') },
      'GET /api/admin/me/sessions': { body: SESSIONS },
      'DELETE /api/admin/me/sessions/session-0': { body: { ended: true } },
    });
    renderWithProviders(<AccountTab />);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(screen.getByText('Paula Pack')).toBeInTheDocument();
    expect(screen.getByText('paula@example.com')).toBeInTheDocument();
    expect(screen.getByText('Packer')).toBeInTheDocument();
    const sessions = await screen.findByRole('list', { name: 'My sessions' });
    const [mine, other] = within(sessions).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.setup().click(within(other).getByRole('button', { name: /^End the session signed in .* \(Safari on iPhone\)$/ }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(
          ([input, init]) => init?.method === 'DELETE' && requestUrl(input) === '/api/admin/me/sessions/session-0',
        ),
      ).toHaveLength(1),
    );
    expect(screen.queryByText(SETUP_REQUIRED_TITLE)).not.toBeInTheDocument();
  });

  it('sets up two-factor codes: the key in fours and the otpauth link, the app’s code, then the ten recovery codes once', async () => {
    let enabled = false;
    const otpauthUrl = 'otpauth://totp/Brewery:max%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Brewery';
    const fetchMock = stubApi({
      'GET /api/admin/me': () => json(adminMeFixture('manager', { twoFactor: { enabled, required: true } })),
      'GET /api/admin/me/sessions': { body: [] },
      'POST /api/admin/me/two-factor': { body: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl } },
      'POST /api/admin/me/two-factor/confirm': () => {
        enabled = true;
        return json({ recoveryCodes: RECOVERY_CODES });
      },
    });
    renderWithProviders(<AccountTab />);
    const user = userEvent.setup();
    expect(await screen.findByText(SETUP_REQUIRED_TITLE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor codes' }));

    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'this link' })).toHaveAttribute('href', otpauthUrl);
    expect(screen.getByText(otpauthUrl)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(screen.getByText(KEEP_RECOVERY_CODES)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy recovery codes' })).toBeInTheDocument();
    const confirm = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/admin/me/two-factor/confirm');
    expect(JSON.parse(confirm?.[1]?.body as string)).toEqual({ code: '123456' });
    // Who I am is read again: the owner's requirement is met, and the codes stay on screen until kept.
    await waitFor(() => expect(screen.queryByText(SETUP_REQUIRED_TITLE)).not.toBeInTheDocument());
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'I have kept them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('given a wrong code, says so on the code field', async () => {
    stubApi({
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      'GET /api/admin/me/sessions': { body: [] },
      'POST /api/admin/me/two-factor': { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' } },
      'POST /api/admin/me/two-factor/confirm': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'wrong_setup_code',
          message: 'That code is not right. Enter the current code from your app.',
        },
      },
    });
    renderWithProviders(<AccountTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor codes' }));
    await user.type(await screen.findByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not right. Enter the current code from your app.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('groups a secret in fours', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPA')).toBe('JBSW Y3DP EHPK 3PXP A');
  });
});
