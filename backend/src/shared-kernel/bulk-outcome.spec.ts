import { DomainError } from './domain-error';
import { eachOrder, skippedInWords } from './bulk-outcome';

const skip = (orderId: string) => ({ orderId, code: 'pickup_not_shipped', reason: `Order #${orderId} is collected at the cellar door` });

describe('a bulk action, order by order', () => {
  it.each<[string, ReturnType<typeof skip>[], string]>([
    ['none skipped: nothing to say', [], ''],
    ['one', [skip('246')], '1 skipped: Order #246 is collected at the cellar door'],
    [
      'three: each named',
      [skip('1'), skip('2'), skip('3')],
      '3 skipped: Order #1 is collected at the cellar door; Order #2 is collected at the cellar door; Order #3 is collected at the cellar door',
    ],
    [
      'more than three: the first three named, then how many more',
      [skip('1'), skip('2'), skip('3'), skip('4'), skip('5')],
      '5 skipped: Order #1 is collected at the cellar door; Order #2 is collected at the cellar door; Order #3 is collected at the cellar door; and 2 more',
    ],
  ])('says the skipped orders in words, given %s', (_given, skipped, words) => {
    expect(skippedInWords(skipped)).toBe(words);
  });

  it('given a refusal, a failure and a success, then every order ends applied or skipped, in the order given, the failure kept for the log', async () => {
    const failure = new Error('the carrier did not answer');
    const outcome = await eachOrder(
      ['1', '2', '3', '4'],
      (orderId) => {
        if (orderId === '2') return Promise.reject(new DomainError('order_not_paid', `Order #${orderId} is not paid`, 'conflict'));
        if (orderId === '3') return Promise.reject(failure);
        return Promise.resolve(`label ${orderId}`);
      },
      { parallel: 2, failed: (orderId) => new DomainError('bulk_step_failed', `Order #${orderId} was not printed`, 'unavailable') },
    );
    expect(outcome).toEqual({
      applied: [
        { orderId: '1', result: 'label 1' },
        { orderId: '4', result: 'label 4' },
      ],
      skipped: [
        { orderId: '2', code: 'order_not_paid', reason: 'Order #2 is not paid' },
        { orderId: '3', code: 'bulk_step_failed', reason: 'Order #3 was not printed' },
      ],
      failures: [{ orderId: '3', error: failure }],
    });
  });
});
