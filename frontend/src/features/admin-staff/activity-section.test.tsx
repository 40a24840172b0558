import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffActivityEntry, StaffMember } from '@brewery/shop-rules';
import { chooseOption } from '@/testing/choose-option';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { saveFile } from '@/shared/browser/save-file';
import { ActivitySection, orderHref } from './activity-section';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));
vi.mock('@/shared/browser/save-file', () => ({ saveFile: vi.fn() }));

function entry(position: number, overrides: Partial<StaffActivityEntry> = {}): StaffActivityEntry {
  return {
    at: '2026-11-25T02:46:00.000Z',
    staffId: 'packer-1',
    name: 'Paula Pack',
    role: 'packer',
    type: 'OrderPacked',
    summary: `Packed, step ${position}`,
    stream: `order-${position}`,
    orderId: null,
    productId: null,
    position,
    ...overrides,
  };
}

const STAFF: StaffMember[] = [
  {
    id: 'packer-1',
    name: 'Paula Pack',
    email: 'paula@example.com',
    role: 'packer',
    status: 'active',
    lastSignInAt: null,
    twoFactor: false,
    invitationExpiresAt: null,
  },
];

const asked = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET').map(([input]) => requestUrl(input));

describe('the staff activity trail', { timeout: 30_000 }, () => {
  it('shows the newest first, then the next page from `nextBefore` under it, until there is none', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/activity': {
        body: { entries: [entry(90, { orderId: '42', summary: 'Marked shipped' }), entry(80)], nextBefore: 80 },
      },
      'GET /api/admin/activity?before=80': {
        body: {
          entries: [entry(70, { name: 'Olive Owner', role: 'owner', staffId: 'owner-1', summary: 'Invited Sam Lee' })],
          nextBefore: null,
        },
      },
    });
    renderWithProviders(<ActivitySection staff={STAFF} />);
    const trail = await screen.findByRole('list', { name: 'Activity, newest first' });
    const first = within(trail).getAllByRole('listitem')[0] as HTMLElement;
    expect(first).toHaveTextContent('25 Nov 2026, 10:46 am');
    expect(first).toHaveTextContent('Paula Pack');
    expect(first).toHaveTextContent('Packer');
    expect(first).toHaveTextContent('Marked shipped');
    expect(within(first).getByRole('link', { name: 'Order #42' })).toHaveAttribute('href', orderHref('42'));
    expect(orderHref('42')).toBe('/admin?tab=active-orders&q=42');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(trail).findByText('Invited Sam Lee')).toBeInTheDocument();
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Marked shipped'),
      expect.stringContaining('Packed, step 80'),
      expect.stringContaining('Invited Sam Lee'),
    ]);
    // The last page said there is no more.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
    expect(asked(fetchMock)).toEqual(['/api/admin/activity', '/api/admin/activity?before=80']);
  });

  it('narrows to a person and to Perth days, and downloads that selection as CSV with the token', async () => {
    localStorage.setItem('adminToken', 'tok-owner');
    const fetchMock = stubApi({
      'GET /api/admin/activity': { body: { entries: [entry(90)], nextBefore: null } },
      'GET /api/admin/activity?staffId=packer-1': { body: { entries: [entry(90)], nextBefore: null } },
      'GET /api/admin/activity?staffId=packer-1&from=2026-11-01': { body: { entries: [], nextBefore: null } },
      'GET /api/admin/activity?staffId=packer-1&from=2026-11-01&format=csv': () =>
        Promise.resolve(
          new Response('Time (Perth),Person\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="staff-activity-from-2026-11-01.csv"' },
          }),
        ),
    });
    renderWithProviders(<ActivitySection staff={STAFF} />);
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Activity, newest first' });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Person' }), 'Paula Pack (packer)');
    await waitFor(() => expect(asked(fetchMock)).toContain('/api/admin/activity?staffId=packer-1'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Nothing done in this selection')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'staff-activity-from-2026-11-01.csv'));
    const csv = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('format=csv'));
    expect(new Headers(csv?.[1]?.headers).get('Authorization')).toBe('Bearer tok-owner');
  });
});
