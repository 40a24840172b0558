import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { adminGet, adminOrder, adminPost, outbox, paidOrder, pendingOrder } from './admin-ops-fixtures';

interface NotedOrder {
  id: string;
  notes?: { note: string; at: string; by: string }[];
}

describe('internal notes: POST /api/admin/orders/:id/notes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const order = async (id: string) => (await adminOrder(t, id)) as unknown as NotedOrder | undefined;
  const addNote = (id: string, body: object) => adminPost(t, `/api/admin/orders/${id}/notes`, body);
  const history = async (id: string) =>
    ((await adminGet(t, `/api/admin/orders/${id}/history`)).body as { summary: string; actor: string }[]).filter((e) =>
      e.summary.startsWith('Note:'),
    );

  it('given a paid order, when the operator adds two notes, then the order lists them oldest first, its history shows them, and no e-mail is sent', async () => {
    const paid = await paidOrder(t, 'noted-paid');
    const emailsBefore = (await outbox(t)).filter((e) => e.orderId === paid.orderId).length;

    const first = await addNote(paid.orderId, { note: '  Customer rang: leave at the side door is not allowed  ' });
    expect([first.status, first.body]).toEqual([201, { message: `Note added to order #${paid.orderId}` }]);
    expect((await addNote(`%23${paid.orderId}`, { note: 'Will collect Saturday instead' })).status).toBe(201);

    expect((await order(paid.orderId))?.notes).toEqual([
      { note: 'Customer rang: leave at the side door is not allowed', at: expect.any(String), by: FIRST_OWNER },
      { note: 'Will collect Saturday instead', at: expect.any(String), by: FIRST_OWNER },
    ]);
    expect(await history(paid.orderId)).toEqual([
      expect.objectContaining({ summary: 'Note: Customer rang: leave at the side door is not allowed', actor: FIRST_OWNER }),
      expect.objectContaining({ summary: 'Note: Will collect Saturday instead', actor: FIRST_OWNER }),
    ]);
    expect((await outbox(t)).filter((e) => e.orderId === paid.orderId)).toHaveLength(emailsBefore);
  });

  it('takes a note on a pending order too', async () => {
    const pending = await pendingOrder(t, 'noted-pending');
    expect((await addNote(pending.orderId, { note: 'Rang to say the card was declined' })).status).toBe(201);
    expect((await order(pending.orderId))?.notes).toHaveLength(1);
  });

  it.each([
    ['no note', {}, 400, 'Write the note (1 to 500 characters)'],
    ['a blank note', { note: '   ' }, 400, 'Write the note (1 to 500 characters)'],
    ['a number', { note: 12 }, 400, 'Write the note (1 to 500 characters)'],
    ['a note too long', { note: 'x'.repeat(501) }, 400, 'A note is at most 500 characters'],
  ])('given %s, then %i saying what to send, and nothing is recorded', async (_given, body, status, message) => {
    const paid = await paidOrder(t, `noted-bad-${Object.keys(body).length}-${String((body as { note?: unknown }).note).length}`);
    const res = await addNote(paid.orderId, body);
    expect([res.status, (res.body as { message: string }).message]).toEqual([status, message]);
    expect((await order(paid.orderId))?.notes).toBeUndefined();
  });

  it('answers 404 for an order that does not exist or an id that is no order number', async () => {
    expect((await addNote('999999', { note: 'x' })).status).toBe(404);
    expect((await addNote('twelve', { note: 'x' })).status).toBe(404);
  });

  it('answers 401 without the admin token', async () => {
    expect((await t.http().post('/api/admin/orders/1/notes').send({ note: 'x' })).status).toBe(401);
  });
});
