import { looksLikeRecoveryCode, newOneTimeToken, newRecoveryCodes, recoveryCodeHash, tokenHash, tokenStaffId } from './one-time-token';
import { passwordProblem } from './password-policy';
import { SecretBox } from '../../../platform/crypto/secret-box';

describe('one-time links', () => {
  it('name the person and keep only a hash for the log, different every time', () => {
    const { token, hash } = newOneTimeToken('7f1c2d3e-aaaa-bbbb-cccc-000000000001');
    expect(tokenStaffId(token)).toBe('7f1c2d3e-aaaa-bbbb-cccc-000000000001');
    expect(hash).toBe(tokenHash(token));
    expect(hash).not.toContain(token.split('.')[1]);
    expect(newOneTimeToken('p1').token).not.toBe(newOneTimeToken('p1').token);
  });

  it.each(['', 'p1', 'p1.short', `p1.${'A'.repeat(42)}`, `p1/x.${'A'.repeat(43)}`, `${'p'.repeat(65)}.${'A'.repeat(43)}`])(
    'refuse a token of the wrong shape (%s)',
    (token) => {
      expect(tokenStaffId(token)).toBeNull();
    },
  );
});

describe('recovery codes', () => {
  it('are ten, distinct, shaped xxxx-xxxx-xx, and hashed without regard to case or spaces', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(looksLikeRecoveryCode(code)).toBe(true);
    expect(recoveryCodeHash(` ${(codes[0] ?? '').toUpperCase()} `)).toBe(hashes[0]);
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});

describe('the password rule', () => {
  it.each([
    ['short', 'Choose a password of at least 12 characters'],
    ['password1234', 'That password is one of the most common ones: choose another (a few unrelated words make a good one)'],
    ['PASSWORD1234', 'That password is one of the most common ones: choose another (a few unrelated words make a good one)'],
    ['aaaaaaaaaaaaaaaa', 'That password is one of the most common ones: choose another (a few unrelated words make a good one)'],
    ['pat@example.com', 'That password is one of the most common ones: choose another (a few unrelated words make a good one)'],
    ['x'.repeat(1025), 'Password is too long'],
    ['packing boxes on a saturday', null],
  ])('judges %s', (password, problem) => {
    expect(passwordProblem(password, ['pat@example.com'])).toBe(problem);
  });
});

describe('the sealed two-factor secret', () => {
  it('opens with the same server secret, differs each time it is sealed, and does not open with another', () => {
    const box = new SecretBox('server-secret-one-long-enough');
    const sealed = box.seal('GEZDGNBVGY3TQOJQ');
    expect(sealed).not.toContain('GEZDGNBVGY3TQOJQ');
    expect(box.seal('GEZDGNBVGY3TQOJQ')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('GEZDGNBVGY3TQOJQ');
    expect(() => new SecretBox('another-server-secret-long-enough').open(sealed)).toThrow();
  });
});
