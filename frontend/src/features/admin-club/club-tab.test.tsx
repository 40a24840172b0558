import type { ClubMemberRow, ClubPlanView, ClubReport, ClubRunDetail, ClubRunView } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ClubTab } from './club-tab';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const DOZEN: ClubPlanView = {
  planId: 'plan-1',
  name: 'Brewer’s Dozen',
  cans: 16,
  every: 'month',
  price: '79.00',
  description: 'Sixteen cans',
  createdAt: '2026-11-01T00:00:00.000Z',
};
const EIGHT: ClubPlanView = { ...DOZEN, planId: 'plan-2', name: 'Quarterly Eight', cans: 8, every: 'quarter', price: '45.00' };

const RUN: ClubRunView = {
  runId: 'run-1',
  planId: 'plan-1',
  planName: 'Brewer’s Dozen',
  chargeAt: '2026-12-01T01:00:00.000Z',
  items: [
    { productId: 'quokka', productName: 'Quokka Pale Ale', quantity: 8 },
    { productId: 'stout', productName: 'Swan River Stout', quantity: 8 },
  ],
  price: '79.00',
  createdAt: '2026-11-20T00:00:00.000Z',
  counts: { held: 2, charging: 1, declined: 1, needs_authentication: 2, charged: 5, packed: 3, skipped: 4, released: 1, past_due: 1 },
  revenue: '632.00',
};

const DETAIL: ClubRunDetail = {
  run: RUN,
  members: [
    {
      runId: 'run-1',
      chargeAt: RUN.chargeAt,
      status: 'declined',
      orderId: '1042',
      attempts: 2,
      nextTryAt: '2026-12-04T01:00:00.000Z',
      lastError: 'Your card was declined.',
      memberId: 'member-1',
      name: 'Alex Brewer',
      email: 'alex@example.com',
      memberStatus: 'active',
    },
  ],
};

const member = (memberId: string, name: string, status: ClubMemberRow['status']): ClubMemberRow => ({
  memberId,
  name,
  email: `${memberId}@example.com`,
  planId: 'plan-1',
  planName: 'Brewer’s Dozen',
  status,
  fulfilment: { method: 'pickup' },
  card: { brand: 'visa', last4: '4242' },
  joinedAt: '2026-11-20T00:00:00.000Z',
});

const REPORT: ClubReport = {
  members: { pending_card: 1, active: 12, paused: 2, past_due: 1, cancelled: 3 },
  runs: [{ runId: 'run-1', planName: 'Brewer’s Dozen', chargeAt: RUN.chargeAt, orders: 8, revenue: '632.00' }],
  months: [{ month: '2026-12', orders: 8, revenue: '632.00' }],
};

const BEERS = [
  { id: 'quokka', name: 'Quokka Pale Ale', archived: false, available: 100 },
  { id: 'stout', name: 'Swan River Stout', archived: false, available: 3 },
];

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function clubApi(more: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/admin/club/plans': { body: { plans: [DOZEN, EIGHT] } },
    'GET /api/admin/club/runs': { body: { runs: [RUN] } },
    'GET /api/admin/club/runs/run-1': { body: DETAIL },
    'GET /api/admin/club/members': {
      body: { members: [member('m1', 'Alex Brewer', 'active'), member('m2', 'Sam Hops', 'paused'), member('m3', 'Jo Malt', 'active')] },
    },
    'GET /api/admin/club/report': { body: REPORT },
    'GET /api/admin/products': { body: BEERS },
    ...more,
  });
}

function renderTab() {
  renderWithProviders(<ClubTab />, { route: '/admin?tab=club' });
  return userEvent.setup();
}

function runForm(): HTMLElement {
  return screen.getByTestId('club-run-form');
}

describe('the Club tab', { timeout: 30_000 }, () => {
  it('lists each run with its plan, price, members counted by where they stand, and revenue', async () => {
    clubApi();
    renderTab();
    const row = await screen.findByTestId('club-run-row');
    expect(within(row).getByText('1 Dec 2026, 9:00 am')).toBeInTheDocument();
    expect(within(row).getByText('Brewer’s Dozen')).toBeInTheDocument();
    expect(within(row).getByTestId('club-run-count-charged')).toHaveTextContent('5');
    expect(within(row).getByTestId('club-run-count-declined')).toHaveTextContent('3');
    expect(within(row).getByTestId('club-run-count-waiting')).toHaveTextContent('3');
    expect(within(row).getByTestId('club-run-count-packed')).toHaveTextContent('3');
    expect(within(row).getByTestId('club-run-count-skipped')).toHaveTextContent('4');
    expect(within(row).getByTestId('club-run-count-pastDue')).toHaveTextContent('1');
    expect(within(row).getByTestId('club-run-revenue')).toHaveTextContent('$632.00');
  });

  it('opens a run’s members in a drawer: status, attempts, next try, last error and a link to the order', async () => {
    clubApi();
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Members of the Brewer’s Dozen run of 1 Dec 2026, 9:00 am' }));
    // (Under the tests antd gives every generated id the same value, so the drawer is found by its role and title.)
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('The Brewer’s Dozen run of 1 Dec 2026, 9:00 am')).toHaveClass('ant-drawer-title');
    const table = await within(drawer).findByRole('table', { name: 'Members in the run' });
    const row = within(table).getByText('Alex Brewer').closest('tr') as HTMLElement;
    expect(within(row).getByText('Declined')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('4 Dec 2026, 9:00 am')).toBeInTheDocument();
    expect(within(row).getByText('Your card was declined.')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#1042' })).toHaveAttribute('href', '/admin?tab=active-orders&q=1042');
    expect(within(drawer).getByText('8 × Quokka Pale Ale')).toBeInTheDocument();
  });

  it('keeps a running count of the cans against the plan’s, and refuses a run that does not fill the pack', async () => {
    const fetchMock = clubApi();
    const user = renderTab();
    await screen.findByTestId('club-run-row');
    const form = runForm();
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Plan' }), 'Brewer’s Dozen (16 cans every month)');
    expect(within(form).getByTestId('club-run-cans')).toHaveTextContent('0 of 16 cans');
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Beer 1' }), 'Quokka Pale Ale');
    await user.type(within(form).getByLabelText('Cans of beer 1'), '10');
    expect(within(form).getByTestId('club-run-cans')).toHaveTextContent('10 of 16 cans');
    await user.type(within(form).getByLabelText('Charge at (Perth time)'), '2026-12-01T09:00');
    await user.click(within(form).getByRole('button', { name: /Create run/ }));
    expect(await within(form).findByText('10 of 16 cans: add 6 more')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/admin/club/runs')).toHaveLength(0);
  });

  it('creates a run from the plan, the Perth time and the beers, and shows a beer short of stock under the beers', async () => {
    let answers = 0;
    const fetchMock = clubApi({
      'POST /api/admin/club/runs': () => {
        answers += 1;
        return answers === 1
          ? json({ statusCode: 409, code: 'insufficient_stock', message: 'Only 3 cans of Swan River Stout are left.' }, 409)
          : json(RUN, 201);
      },
    });
    const user = renderTab();
    await screen.findByTestId('club-run-row');
    const form = runForm();
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Plan' }), 'Quarterly Eight (8 cans every quarter)');
    await user.type(within(form).getByLabelText('Charge at (Perth time)'), '2026-12-01T09:00');
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Beer 1' }), 'Quokka Pale Ale');
    await user.type(within(form).getByLabelText('Cans of beer 1'), '4');
    await user.click(within(form).getByRole('button', { name: 'Add a beer' }));
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Beer 2' }), 'Swan River Stout');
    await user.type(within(form).getByLabelText('Cans of beer 2'), '4');
    expect(within(form).getByTestId('club-run-cans')).toHaveTextContent('8 of 8 cans');
    await user.click(within(form).getByRole('button', { name: /Create run/ }));
    expect(await within(form).findByText('Only 3 cans of Swan River Stout are left.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: /Create run/ }));
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/admin/club/runs')).toHaveLength(2));
    expect(sent(fetchMock, 'POST', '/api/admin/club/runs')[1]).toEqual({
      planId: 'plan-2',
      chargeAt: '2026-12-01T01:00:00.000Z',
      items: [
        { productId: 'quokka', quantity: 4 },
        { productId: 'stout', quantity: 4 },
      ],
    });
    expect(await screen.findByText('Run created')).toBeInTheDocument();
  });

  it('lists the members, filtered by status', async () => {
    clubApi();
    const user = renderTab();
    const table = await screen.findByRole('table', { name: 'Club members' });
    expect(await within(table).findByText('Sam Hops')).toBeInTheDocument();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Members with status' }), 'Paused');
    await waitFor(() => expect(within(table).queryByText('Alex Brewer')).not.toBeInTheDocument());
    expect(within(table).getByText('Sam Hops')).toBeInTheDocument();
  });

  it('reports the members by status and the revenue per run and per month', async () => {
    clubApi();
    renderTab();
    expect(await screen.findByTestId('club-report-active')).toHaveTextContent('12');
    expect(screen.getByTestId('club-report-past_due')).toHaveTextContent('1');
    const months = screen.getByRole('table', { name: 'Revenue per month' });
    expect(within(months).getByText('December 2026')).toBeInTheDocument();
    expect(within(months).getByText('$632.00')).toBeInTheDocument();
  });

  it('creates a plan, and shows a taken name under the name', async () => {
    let answers = 0;
    const fetchMock = clubApi({
      'POST /api/admin/club/plans': () => {
        answers += 1;
        return answers === 1
          ? json({ statusCode: 409, code: 'club_plan_name_taken', message: 'A plan is already called Brewer’s Dozen.' }, 409)
          : json({ ...DOZEN, planId: 'plan-3', name: 'Hop Heads' }, 201);
      },
    });
    const user = renderTab();
    await screen.findByRole('table', { name: 'Club plans' });
    const form = screen.getByRole('button', { name: /Create plan/ }).closest('form') as HTMLElement;
    await user.type(within(form).getByLabelText('Plan name'), 'Brewer’s Dozen');
    await user.type(within(form).getByLabelText('Price (GST included)'), '79');
    await user.click(within(form).getByRole('button', { name: /Create plan/ }));
    expect(await within(form).findByText('A plan is already called Brewer’s Dozen.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Plan name'));
    await user.type(within(form).getByLabelText('Plan name'), 'Hop Heads');
    await user.click(within(form).getByRole('button', { name: /Create plan/ }));
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/admin/club/plans')).toHaveLength(2));
    expect(sent(fetchMock, 'POST', '/api/admin/club/plans')[1]).toEqual({ name: 'Hop Heads', cans: 16, every: 'month', price: 79 });
  });
});
