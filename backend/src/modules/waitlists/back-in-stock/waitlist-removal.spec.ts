import { parseRemoval } from './waitlist-removal';

describe("the operator's removal from a waiting list (parseRemoval)", () => {
  it('takes 1 to 1,000 addresses, trimmed, and a reason (blank or absent: none)', () => {
    expect(parseRemoval({ emails: [' Ada@Example.com ', 'b@example.com'], reason: '  made-up  ' })).toEqual({
      emails: ['Ada@Example.com', 'b@example.com'],
      reason: 'made-up',
    });
    expect(parseRemoval({ emails: ['a@example.com'] })).toEqual({ emails: ['a@example.com'], reason: null });
    expect(parseRemoval({ emails: ['a@example.com'], reason: ' ' })).toEqual({ emails: ['a@example.com'], reason: null });
    expect(parseRemoval({ emails: Array.from({ length: 1000 }, (_, n) => `a${n}@example.com`) }).emails).toHaveLength(1000);
  });

  it.each([
    ['no emails', {}],
    ['an empty list', { emails: [] }],
    ['a string', { emails: 'a@example.com' }],
    ['a number in the list', { emails: ['a@example.com', 12] }],
    ['a blank address', { emails: [' '] }],
    ['a very long address', { emails: [`${'a'.repeat(250)}@example.com`] }],
    ['1,001 addresses', { emails: Array.from({ length: 1001 }, (_, n) => `a${n}@example.com`) }],
    ['an address with a line break', { emails: ['a@example.com\nb@example.com'] }],
  ])('refuses %s (400 invalid_emails)', (_given, body) => {
    expect(() => parseRemoval(body)).toThrow(expect.objectContaining({ code: 'invalid_emails', kind: 'validation' }) as Error);
  });

  it.each([
    ['a number', 12],
    ['a list', ['typo']],
    ['201 characters', 'x'.repeat(201)],
    ['two lines', 'made up\nby a script'],
    ['a bell', 'made up\u0007'],
  ])('refuses a reason that is %s (400 invalid_reason)', (_given, reason) => {
    expect(() => parseRemoval({ emails: ['a@example.com'], reason })).toThrow(expect.objectContaining({ code: 'invalid_reason' }) as Error);
  });
});
