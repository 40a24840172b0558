import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { memberFixture, planFixture } from './club.fixture';
import { ClubPage, NO_PLANS_TEXT } from './club-page';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const DOZEN = planFixture();
const EIGHT = planFixture({ planId: 'plan-2', name: 'Quarterly Eight', cans: 8, every: 'quarter', price: '45.00', description: '' });
const JOINED = { memberId: 'member-1', setupClientSecret: 'seti_1_secret_x', setupIntentId: 'seti_1', manageToken: 'tok-1' };
const MANAGE = 'GET /api/club/manage?token=tok-1';
const CONFIRM = 'POST /api/test-gateway/setup-intents/seti_1/confirm';

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function renderPage() {
  renderWithProviders(<ClubPage manageHref={(token) => `/club/manage?token=${token}`} />, { route: '/club' });
  return userEvent.setup();
}

/** The answers of a join that goes through; the member page says `pending_card` for the first `pendingReads` reads. */
function joinApi(pendingReads = 1, overrides: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  let reads = 0;
  return stubApi({
    'GET /api/config': { body: publicConfigFixture },
    'GET /api/club/plans': { body: { plans: [DOZEN, EIGHT] } },
    'POST /api/club/join': { status: 201, body: JOINED },
    [CONFIRM]: { body: { setupIntent: { id: 'seti_1', status: 'succeeded' }, error: null } },
    [MANAGE]: () => {
      reads += 1;
      return json(memberFixture({ status: reads <= pendingReads ? 'pending_card' : 'active' }));
    },
    ...overrides,
  });
}

async function fillPickupDetails(user: UserEvent) {
  const form = screen.getByRole('form', { name: 'Your details' });
  await user.click(within(form).getByRole('radio', { name: 'Collect at the cellar door (free)' }));
  await user.type(within(form).getByLabelText('Full name'), 'Alex Brewer');
  await user.type(within(form).getByLabelText('Email'), 'alex@example.com');
  await user.type(within(form).getByLabelText('Phone'), '0412 345 678');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the /club page', { timeout: 30_000 }, () => {
  it('shows each plan as a card: name, cans, rhythm, price with GST, description', async () => {
    joinApi();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'The beer club' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('club-plan');
    expect(cards).toHaveLength(2);
    const dozen = within(screen.getByRole('article', { name: 'Brewer’s Dozen' }));
    expect(dozen.getByText('16 cans every month')).toBeInTheDocument();
    expect(dozen.getByText('$79.00 a month')).toBeInTheDocument();
    expect(dozen.getByText('GST included')).toBeInTheDocument();
    expect(dozen.getByText('Sixteen cans of what we are pouring')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Quarterly Eight' })).getByText('8 cans every quarter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Quarterly Eight' })).toBeInTheDocument();
  });

  it('says so when no plan is open to join', async () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture }, 'GET /api/club/plans': { body: { plans: [] } } });
    renderPage();
    expect(await screen.findByText(NO_PLANS_TEXT)).toBeInTheDocument();
  });

  it('joins for a cellar-door pickup: details, the test card saved, then the welcome once the server has the card', async () => {
    const fetchMock = joinApi(2);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose Brewer’s Dozen' }));
    const heading = await screen.findByRole('heading', { name: 'Join Brewer’s Dozen' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Members must be 18 or older/)).toBeInTheDocument();
    await fillPickupDetails(user);
    // A collection asks no address, and no day: the Saturday after each run.
    expect(screen.queryByLabelText('Street address')).not.toBeInTheDocument();
    expect(screen.getByText(/Collect your pack at the cellar door the Saturday after each run/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));

    expect(await screen.findByRole('heading', { name: 'Your card' })).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/club/join')).toEqual([
      {
        planId: 'plan-1',
        customerInfo: { name: 'Alex Brewer', email: 'alex@example.com', phone: '0412 345 678' },
        fulfilment: { method: 'pickup' },
      },
    ]);
    expect(screen.getByText('Test mode — no real card is saved or charged')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Use test card 4000 0000 0000 0341 (saves; later charges are declined)' }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card and join' }));

    const welcome = await screen.findByTestId('club-welcome', {}, { timeout: 8000 });
    expect(within(welcome).getByRole('heading', { name: 'You’re in the club, Alex!' })).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/test-gateway/setup-intents/seti_1/confirm')).toEqual([
      { cardNumber: '4242 4242 4242 4242', clientSecret: 'seti_1_secret_x' },
    ]);
    expect(sent(fetchMock, 'GET', '/api/club/manage?token=tok-1').length).toBeGreaterThanOrEqual(3);
    expect(within(welcome).getByRole('link', { name: 'Manage my membership' })).toHaveAttribute('href', '/club/manage?token=tok-1');
    expect(within(welcome).getByText(/Brewer’s Dozen/)).toBeInTheDocument();
  });

  it('asks a delivery’s address and sends it', async () => {
    const fetchMock = joinApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose Quarterly Eight' }));
    const form = await screen.findByRole('form', { name: 'Your details' });
    expect(
      within(form).getByText('Delivery is added to each pack: $10.00 in Perth metro, $12.00 elsewhere in Australia.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Full name'), 'Alex Brewer');
    await user.type(within(form).getByLabelText('Email'), 'alex@example.com');
    await user.type(within(form).getByLabelText('Phone'), '0412 345 678');
    await user.type(within(form).getByLabelText('Street address'), '1 Hay Street');
    await user.type(within(form).getByLabelText('Suburb'), 'Perth');
    await user.type(within(form).getByLabelText('Postcode'), '6000');
    await chooseOption(user, within(form).getByRole('combobox', { name: 'State' }), 'WA');
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    await screen.findByRole('heading', { name: 'Your card' });
    expect(sent(fetchMock, 'POST', '/api/club/join')).toEqual([
      {
        planId: 'plan-2',
        customerInfo: {
          name: 'Alex Brewer',
          email: 'alex@example.com',
          phone: '0412 345 678',
          addressLine1: '1 Hay Street',
          suburb: 'Perth',
          postCode: '6000',
          state: 'WA',
        },
        fulfilment: { method: 'delivery' },
      },
    ]);
  });

  it('shows the server’s refusal of a field under it, and an existing member the way to their club e-mails', async () => {
    let answer = 0;
    joinApi(0, {
      'POST /api/club/join': () => {
        answer += 1;
        return answer === 1
          ? json(
              { statusCode: 400, code: 'invalid_customer_info', message: 'phone', fields: { phone: 'Please enter your phone number.' } },
              400,
            )
          : json(
              {
                statusCode: 409,
                code: 'already_a_member',
                message: 'alex@example.com is already a member: please use the link in your club e-mails.',
              },
              409,
            );
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose Brewer’s Dozen' }));
    await fillPickupDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByText('Please enter your phone number.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    expect(await screen.findByTestId('club-join-refusal')).toHaveTextContent(
      'alex@example.com is already a member: please use the link in your club e-mails.',
    );
    // The field's own error is drawn by the form in a render of its own, which can come after the refusal's.
    expect(await screen.findByText('This e-mail address is already a member.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your card' })).not.toBeInTheDocument();
  });

  it('keeps the card step with the gateway’s words when the card is refused', async () => {
    joinApi(0, {
      [CONFIRM]: {
        body: {
          setupIntent: { id: 'seti_1', status: 'requires_payment_method' },
          error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
        },
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose Brewer’s Dozen' }));
    await fillPickupDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    await user.click(await screen.findByRole('button', { name: /Use test card 4000 0000 0000 0002/ }));
    await user.click(screen.getByRole('button', { name: 'Save card and join' }));
    const refusal = await screen.findByTestId('club-card-refusal');
    expect(refusal).toHaveTextContent('Card not saved');
    expect(refusal).toHaveTextContent('Your card was declined. Try another card, or the same one again.');
    expect(screen.getByRole('button', { name: 'Save card and join' })).toBeEnabled();
  });

  it('says the card is being confirmed, with the member’s link, when the server has not recorded it after 15 s', async () => {
    joinApi(Number.POSITIVE_INFINITY);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Choose Brewer’s Dozen' }));
    await fillPickupDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue to card' }));
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save card and join' }));
    await screen.findByText('Confirming your card…');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(16_000);
    });
    const pending = await screen.findByTestId('club-card-pending');
    expect(within(pending).getByRole('heading', { name: 'Your card is being confirmed.' })).toBeInTheDocument();
    expect(within(pending).getByRole('link', { name: 'Open my club page' })).toHaveAttribute('href', '/club/manage?token=tok-1');
  });
});
