import { base32Decode, base32Encode, matchingTotpStep, newTotpSecret, otpauthUrl, totpCode, totpStepAt } from './totp';

// RFC 6238, appendix B: the SHA-1 key "12345678901234567890"; 6-digit codes are the last six of its 8-digit ones.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('time-based one-time codes (RFC 6238)', () => {
  it('encodes the RFC key in base32 as authenticator apps take it, and back', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
  });

  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at %i seconds gives the RFC’s code %s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, totpStepAt(new Date(seconds * 1000)))).toBe(code);
  });

  it('takes a code of the step before or after now (a phone a little off), not two steps away, and says which step it was', () => {
    const at = new Date(1234567890 * 1000);
    const now = totpStepAt(at);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), at)).toBe(now);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 1), at)).toBe(now - 1);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 1), at)).toBe(now + 1);
    expect(matchingTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 2), at)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, 'abcdef', at)).toBeNull();
    expect(matchingTotpStep(RFC_SECRET, '12345', at)).toBeNull();
  });

  it('makes 160-bit secrets, each new, and an otpauth URL naming the shop and the person', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
    expect(otpauthUrl(secret, 'pat@example.com', 'Swan & Sand')).toBe(
      `otpauth://totp/Swan%20%26%20Sand%3Apat%40example.com?secret=${secret}&issuer=Swan%20%26%20Sand&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
