import { orderIdOfStatusToken, orderStatusPath, orderStatusToken } from './order-status-token';

describe('order status tokens', () => {
  const secret = 'a server secret of some length';
  const token = orderStatusToken(secret, '42');

  it('given a token the server signed, then it names its order', () => {
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{22}$/);
    expect(orderIdOfStatusToken(secret, token)).toBe('42');
    expect(orderStatusPath(token)).toBe(`/order-status?t=${token}`);
  });

  it.each([
    { given: 'another order number with the same signature', token: token.replace(/^42/, '43') },
    { given: 'a signature changed by one character', token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    { given: 'a leading zero', token: `0${token}` },
    { given: 'no signature', token: '42.' },
    { given: 'a number only', token: '42' },
    { given: 'a very long text', token: `${token}${'x'.repeat(100)}` },
    { given: 'not a text', token: 42 },
  ])('given $given, then it names no order', ({ token: given }) => {
    expect(orderIdOfStatusToken(secret, given)).toBeNull();
  });

  it('given a token signed with another secret, then it names no order', () => {
    expect(orderIdOfStatusToken('another secret', token)).toBeNull();
  });
});
