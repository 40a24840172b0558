import { describe, expect, it } from 'vitest';
import { bulkStatusPrompt } from './bulk-status-control';

describe('the bulk status confirmation', () => {
  it.each([
    [30, 'shipped', true, 'Set 30 orders to Shipped and e-mail their customers?'],
    [30, 'packed_awaiting_pickup', false, 'Set 30 orders to Packed - Awaiting Pickup?'],
    [1, 'delivered', true, 'Set 1 order to Delivered and e-mail its customer?'],
  ] as const)('%i orders to %s, notify %s: %s', (count, status, notify, prompt) => {
    expect(bulkStatusPrompt(count, status, notify)).toBe(prompt);
  });
});
