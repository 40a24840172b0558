import type { ClubMemberView } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { memberFixture, shareFixture } from './club.fixture';
import { BAD_TOKEN_TEXT, ClubManagePage, NO_TOKEN_TEXT } from './club-manage-page';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const MANAGE = 'GET /api/club/manage?token=tok-1';

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function renderPage(route = '/club/manage?token=tok-1') {
  renderWithProviders(<ClubManagePage clubHref="/club" />, { route });
  return userEvent.setup();
}

const HELD = shareFixture({ runId: 'run-3', chargeAt: '2099-01-05T01:00:00.000Z', status: 'held' });
const DECLINED = shareFixture({
  runId: 'run-2',
  chargeAt: '2026-12-01T01:00:00.000Z',
  status: 'declined',
  orderId: '1042',
  attempts: 2,
  nextTryAt: '2026-12-04T01:00:00.000Z',
  lastError: 'Your card was declined.',
});
const PACKED = shareFixture({ runId: 'run-1', chargeAt: '2026-11-01T01:00:00.000Z', status: 'packed', orderId: '1001' });

const MEMBER = memberFixture({
  runs: [HELD, DECLINED, PACKED],
  history: [
    { at: '2026-11-20T00:00:00.000Z', what: 'Joined Brewer’s Dozen' },
    { at: '2026-11-20T00:01:00.000Z', what: 'Card saved: Visa •••• 4242' },
  ],
});

/** The member page's answers: `reads` gives the view for each read in turn (the last one from then on). */
function manageApi(reads: ClubMemberView[], more: Parameters<typeof stubApi>[0] = {}) {
  let read = 0;
  return stubApi({
    'GET /api/config': { body: publicConfigFixture },
    [MANAGE]: () => {
      const view = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return json(view);
    },
    ...more,
  });
}

describe('/club/manage', { timeout: 30_000 }, () => {
  it('without a token, says the page opens from the link in the club e-mails', async () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    renderPage('/club/manage');
    expect(await screen.findByText(NO_TOKEN_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the beer club’s plans' })).toHaveAttribute('href', '/club');
  });

  it('with a token that opens no membership, says so at once', async () => {
    stubApi({
      'GET /api/config': { body: publicConfigFixture },
      'GET /api/club/manage?token=nope': () => json({ statusCode: 404, code: 'club_member_not_found', message: 'No such membership' }, 404),
    });
    renderPage('/club/manage?token=nope');
    expect(await screen.findByText(BAD_TOKEN_TEXT)).toBeInTheDocument();
  });

  it('shows the status, plan, card, each run with what can be done with it, and the history', async () => {
    manageApi([MEMBER]);
    renderPage();
    expect(await screen.findByTestId('club-member-status')).toHaveTextContent('Active');
    expect(screen.getByRole('heading', { level: 1, name: 'Your club membership' })).toBeInTheDocument();
    expect(screen.getByText('Brewer’s Dozen')).toBeInTheDocument();
    expect(screen.getByTestId('club-member-card')).toHaveTextContent('Visa •••• 4242');
    const runs = screen.getAllByTestId('club-run');
    expect(runs.map((run) => within(run).getByTestId('club-run-status').textContent)).toEqual(['Held', 'Declined', 'Packed']);
    expect(within(runs[0] as HTMLElement).getByRole('button', { name: /^Skip the run of 5 Jan 2099/ })).toBeInTheDocument();
    const declined = within(runs[1] as HTMLElement);
    expect(declined.getByText('Order #1042')).toBeInTheDocument();
    expect(
      declined.getByText(/Your card was declined\. Next try: 4 Dec 2026, 9:00 am\. Tries so far: 2\. We try again 1, 3 and 7 days/),
    ).toBeInTheDocument();
    expect(declined.getByRole('button', { name: 'Pay now for the run of 1 Dec 2026, 9:00 am' })).toBeInTheDocument();
    expect(within(runs[2] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByText('Card saved: Visa •••• 4242')).toBeInTheDocument();
  });

  it('skips a held run and shows the answer', async () => {
    const skipped = memberFixture({ runs: [{ ...HELD, status: 'skipped' }] });
    const fetchMock = manageApi([memberFixture({ runs: [HELD] }), skipped], {
      'POST /api/club/manage/skip': { body: skipped },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Skip the run of/ }));
    expect(await screen.findByRole('button', { name: /^Undo skip of the run of/ })).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/club/manage/skip')).toEqual([{ token: 'tok-1', runId: 'run-3' }]);
  });

  it('says a run already charged cannot be skipped, in the server’s words', async () => {
    manageApi([memberFixture({ runs: [HELD] })], {
      'POST /api/club/manage/skip': () =>
        json({ statusCode: 409, code: 'club_run_already_charged', message: 'This run has already been charged.' }, 409),
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Skip the run of/ }));
    expect(await screen.findByText('This run has already been charged.')).toBeInTheDocument();
  });

  it('pays a declined run now with the test card, then shows it charged once the server has it', async () => {
    const charged = memberFixture({ runs: [{ ...DECLINED, status: 'charged' }] });
    const fetchMock = manageApi([memberFixture({ runs: [DECLINED] }), memberFixture({ runs: [DECLINED] }), charged], {
      'POST /api/club/manage/pay': { body: { paymentIntentId: 'pi_9', clientSecret: 'pi_9_secret', orderId: '1042', amount: '91.00' } },
      'POST /api/test-gateway/payment-intents/pi_9/confirm': {
        body: { paymentIntent: { id: 'pi_9', status: 'succeeded', amount: 9100, currency: 'aud' }, error: null },
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Pay now for the run of/ }));
    expect(await screen.findByTestId('club-pay-amount')).toHaveTextContent('$91.00');
    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $91.00' }));
    expect(await screen.findByText('Payment received', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByTestId('club-run-status')).toHaveTextContent('Charged');
    expect(sent(fetchMock, 'POST', '/api/club/manage/pay')).toEqual([{ token: 'tok-1', runId: 'run-2' }]);
    expect(sent(fetchMock, 'POST', '/api/test-gateway/payment-intents/pi_9/confirm')).toEqual([
      { cardNumber: '4242 4242 4242 4242', clientSecret: 'pi_9_secret' },
    ]);
  });

  it('updates a past-due member’s card and waits until the new card shows', async () => {
    const before = memberFixture({ status: 'past_due', card: { brand: 'visa', last4: '0341' } });
    const fetchMock = manageApi([before, before, memberFixture({ status: 'active', card: { brand: 'visa', last4: '4242' } })], {
      'POST /api/club/manage/card': { body: { setupIntentId: 'seti_2', setupClientSecret: 'seti_2_secret' } },
      'POST /api/test-gateway/setup-intents/seti_2/confirm': { body: { setupIntent: { id: 'seti_2', status: 'succeeded' }, error: null } },
    });
    const user = renderPage();
    expect(await screen.findByTestId('club-member-status')).toHaveTextContent('Past due');
    expect(screen.getByText(/Update your card to carry on/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update card' }));
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.getByTestId('club-member-card')).toHaveTextContent('Visa •••• 4242'), { timeout: 8000 });
    expect(screen.getByTestId('club-member-status')).toHaveTextContent('Active');
    expect(sent(fetchMock, 'POST', '/api/club/manage/card')).toEqual([{ token: 'tok-1' }]);
  });

  it('cancels only once the member confirms', async () => {
    const cancelled = { ...MEMBER, status: 'cancelled' as const };
    const fetchMock = manageApi([MEMBER, cancelled], { 'POST /api/club/manage/cancel': { body: cancelled } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    expect((await screen.findAllByText('Cancel your membership?')).length).toBeGreaterThan(0);
    expect(sent(fetchMock, 'POST', '/api/club/manage/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Keep my membership' }));
    expect(sent(fetchMock, 'POST', '/api/club/manage/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel membership' }));
    const buttons = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal-confirm-btns');
      if (found === null) throw new Error('no confirmation open');
      return found;
    });
    await user.click(within(buttons).getByRole('button', { name: 'Cancel membership' }));
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/club/manage/cancel')).toEqual([{ token: 'tok-1' }]));
    expect(await screen.findByTestId('club-member-status')).toHaveTextContent('Cancelled');
  });

  it('pauses, and a paused member resumes', async () => {
    const paused = { ...MEMBER, status: 'paused' as const };
    const fetchMock = manageApi([MEMBER, paused], { 'POST /api/club/manage/pause': { body: paused } });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.getByTestId('club-member-status')).toHaveTextContent('Paused');
    expect(sent(fetchMock, 'POST', '/api/club/manage/pause')).toEqual([{ token: 'tok-1' }]);
  });

  it('changes details with the form filled in, a refused field said under it', async () => {
    let answers = 0;
    const fetchMock = manageApi([MEMBER], {
      'POST /api/club/manage/details': () => {
        answers += 1;
        return answers === 1
          ? json({ statusCode: 400, code: 'invalid_club_member', message: 'm', fields: { phone: 'Please enter your phone number.' } }, 400)
          : json({ ...MEMBER, customer: { ...MEMBER.customer, phone: '0499 999 999' } });
      },
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Change details' }));
    const form = await screen.findByRole('form', { name: 'Change details' });
    expect(within(form).getByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(within(form).getByRole('radio', { name: 'Collect at the cellar door (free)' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    expect(await within(form).findByText('Please enter your phone number.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '0499 999 999');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Change details' })).not.toBeInTheDocument());
    expect(sent(fetchMock, 'POST', '/api/club/manage/details')[1]).toEqual({
      token: 'tok-1',
      customerInfo: { name: 'Alex Brewer', email: 'alex@example.com', phone: '0499 999 999' },
      fulfilment: { method: 'pickup' },
    });
  });
});
