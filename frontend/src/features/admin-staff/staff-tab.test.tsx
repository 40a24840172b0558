import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffList, StaffMember } from '@brewery/shop-rules';
import { adminMeFixture } from '@/testing/admin-me-fixture';
import { chooseOption } from '@/testing/choose-option';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { StaffTab } from './staff-tab';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 'packer-1',
    name: 'Paula Pack',
    email: 'paula@example.com',
    role: 'packer',
    status: 'active',
    lastSignInAt: '2026-11-25T02:46:00.000Z',
    twoFactor: false,
    invitationExpiresAt: null,
    ...overrides,
  };
}

const OWNER = member({ id: 'owner-1', name: 'Olive Owner', email: 'olive@example.com', role: 'owner', twoFactor: true });
const PAULA = member();

function list(staff: StaffMember[], twoFactorRequired = false): StaffList {
  return { staff, twoFactorRequired };
}

const EMPTY_ACTIVITY = { 'GET /api/admin/activity': { body: { entries: [], nextBefore: null } } };

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function renderTab() {
  renderWithProviders(<StaffTab />, { route: '/admin?tab=staff' });
}

/** Presses the confirmation's own button (the row's button carries the same word). */
async function confirm(user: UserEvent, okName: string) {
  const buttons = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-modal-confirm-btns');
    if (found === null) throw new Error('no confirmation open');
    return found;
  });
  await user.click(within(buttons).getByRole('button', { name: okName }));
}

describe('the Staff tab', { timeout: 30_000 }, () => {
  it('lists each person with e-mail, role, status, last sign-in in Perth time and two-factor codes, marking me', async () => {
    stubApi({
      'GET /api/admin/staff': {
        body: list([
          OWNER,
          PAULA,
          member({
            id: 'sam-1',
            name: 'Sam Lee',
            email: 'sam@example.com',
            status: 'invited',
            lastSignInAt: null,
            invitationExpiresAt: '2026-11-28T02:46:00.000Z',
          }),
        ]),
      },
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      ...EMPTY_ACTIVITY,
    });
    renderTab();
    const table = await screen.findByRole('table');
    const paula = (await within(table).findByText('Paula Pack')).closest('tr') as HTMLElement;
    expect(within(paula).getByText('paula@example.com')).toBeInTheDocument();
    expect(within(paula).getByText('Active')).toBeInTheDocument();
    expect(within(paula).getByText('25 Nov 2026, 10:46 am')).toBeInTheDocument();
    expect(within(paula).getByText('Off')).toBeInTheDocument();
    expect(within(paula).getByRole('combobox', { name: 'Role for Paula Pack' })).toBeInTheDocument();
    const sam = within(table).getByText('Sam Lee').closest('tr') as HTMLElement;
    expect(within(sam).getByText('Invited')).toBeInTheDocument();
    expect(within(sam).getByText('Never')).toBeInTheDocument();
    const olive = within(table).getByText('Olive Owner').closest('tr') as HTMLElement;
    expect(await within(olive).findByText('You')).toBeInTheDocument();
    expect(within(olive).getByText('On')).toBeInTheDocument();
    expect(within(olive).getByRole('button', { name: 'Reset two-factor of Olive Owner' })).toBeInTheDocument();
  });

  it('invites someone with their name, e-mail and role, and shows email_taken on the e-mail field', async () => {
    let invites = 0;
    const fetchMock = stubApi({
      'GET /api/admin/staff': { body: list([OWNER]) },
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      ...EMPTY_ACTIVITY,
      'POST /api/admin/staff': () => {
        invites += 1;
        return invites === 1
          ? json(
              member({ id: 'sam-1', name: 'Sam Lee', email: 'sam@example.com', role: 'manager', status: 'invited', lastSignInAt: null }),
              201,
            )
          : json({ statusCode: 409, code: 'email_taken', message: 'That e-mail address already belongs to someone on the staff' }, 409);
      },
    });
    renderTab();
    const user = userEvent.setup();
    const form = (await screen.findByRole('button', { name: /Invite/ })).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('Name'), ' Sam Lee ');
    await user.type(within(form).getByLabelText('E-mail'), 'sam@example.com');
    await chooseOption(user, within(form).getByLabelText('Role'), 'Manager');
    expect(within(form).getByText(/^Everything but: Invite, change and deactivate staff/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /Invite/ }));
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/admin/staff')).toEqual([{ name: 'Sam Lee', email: 'sam@example.com', role: 'manager' }]);
    // The form is ready for the next person.
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue(''));

    await user.type(within(form).getByLabelText('Name'), 'Paula Again');
    await user.type(within(form).getByLabelText('E-mail'), 'paula@example.com');
    await user.click(within(form).getByRole('button', { name: /Invite/ }));
    const taken = await within(form).findByText('That e-mail address already belongs to someone on the staff');
    expect(taken.closest('.ant-form-item')).toContainElement(within(form).getByLabelText('E-mail'));
    expect(sent(fetchMock, 'POST', '/api/admin/staff')[1]).toEqual({ name: 'Paula Again', email: 'paula@example.com', role: 'packer' });
  });

  it('changes a person’s role in place (PATCH), and shows the server’s words for the last owner', async () => {
    let patches = 0;
    const fetchMock = stubApi({
      'GET /api/admin/staff': { body: list([OWNER, PAULA]) },
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      ...EMPTY_ACTIVITY,
      'PATCH /api/admin/staff/packer-1': () => {
        patches += 1;
        return json({ ...PAULA, role: 'manager' });
      },
      'PATCH /api/admin/staff/owner-1': {
        status: 409,
        body: { statusCode: 409, code: 'last_owner', message: 'The shop must keep at least one owner: make someone else an owner first' },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await chooseOption(user, await screen.findByRole('combobox', { name: 'Role for Paula Pack' }), 'Manager');
    await waitFor(() => expect(patches).toBe(1));
    expect(sent(fetchMock, 'PATCH', '/api/admin/staff/packer-1')).toEqual([{ role: 'manager' }]);
    expect(await screen.findByText('Role changed')).toBeInTheDocument();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Role for Olive Owner' }), 'Packer');
    expect(await screen.findByText('The shop must keep at least one owner: make someone else an owner first')).toBeInTheDocument();
    expect(sent(fetchMock, 'PATCH', '/api/admin/staff/owner-1')).toEqual([{ role: 'packer' }]);
  });

  it('deactivates a person only once the owner confirms', async () => {
    let deactivated = false;
    const fetchMock = stubApi({
      'GET /api/admin/staff': () => json(list([OWNER, deactivated ? { ...PAULA, status: 'deactivated' } : PAULA])),
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      ...EMPTY_ACTIVITY,
      'DELETE /api/admin/staff/packer-1': () => {
        deactivated = true;
        return json({ ...PAULA, status: 'deactivated' });
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Paula Pack' }));
    expect((await screen.findAllByText('Deactivate Paula Pack?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent(fetchMock, 'DELETE', '/api/admin/staff/packer-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactivate Paula Pack' }));
    await confirm(user, 'Deactivate');
    await waitFor(() => expect(sent(fetchMock, 'DELETE', '/api/admin/staff/packer-1')).toHaveLength(1));
    const row = (await screen.findByText('Deactivated', { selector: '.ant-tag' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Paula Pack')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Deactivate Paula Pack' })).not.toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Role for Paula Pack' })).toBeDisabled();
  });

  it('lists a person’s sessions and ends one', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/staff': { body: list([OWNER, PAULA]) },
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      ...EMPTY_ACTIVITY,
      'GET /api/admin/staff/packer-1/sessions': {
        body: [
          {
            id: 'sess-9',
            signedInAt: '2026-11-25T02:46:00.000Z',
            expiresAt: '2026-11-26T02:46:00.000Z',
            client: 'Safari on iPhone',
            current: false,
          },
        ],
      },
      'DELETE /api/admin/staff/packer-1/sessions/sess-9': { body: { ended: true } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sessions of Paula Pack' }));
    const sessions = await screen.findByRole('list', { name: 'Sessions of Paula Pack' });
    expect(within(sessions).getByText('Safari on iPhone')).toBeInTheDocument();
    await user.click(within(sessions).getByRole('button', { name: 'End the session signed in 25 Nov 2026, 10:46 am (Safari on iPhone)' }));
    await waitFor(() => expect(sent(fetchMock, 'DELETE', '/api/admin/staff/packer-1/sessions/sess-9')).toHaveLength(1));
  });

  it('requires two-factor codes with its switch, and shows why the server refuses it', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/staff': { body: list([OWNER, PAULA]) },
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      ...EMPTY_ACTIVITY,
      'PUT /api/admin/settings/two-factor': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'own_two_factor_first',
          message: 'Turn on two-factor codes for your own account first, then require them of others',
        },
      },
    });
    renderTab();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor codes for owners and managers' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Turn on two-factor codes for your own account first, then require them of others')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/api/admin/settings/two-factor')).toEqual([{ required: true }]);
    expect(toggle).not.toBeChecked();
  });
});
