import { VALID_PACK_TOTALS, isValidPackTotal, packAdviceText, packProgressPercent, shopHelperText, validatePack } from './pack-validation';
import { InvalidQuantityError } from './shop-rule.error';

/** The valid totals of docs/decisions/0004, item 1, written out by hand. */
const SPEC_NOTES_TOTALS = [
  4, 8, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144, 152, 160, 168, 176, 184, 192,
];

/** An independent reading of spec section 5, one clause per line, asked of each number. */
function validByRule(n: number): boolean {
  if (n === 4 || n === 8 || n === 16) return true;
  if (n > 0 && n % 8 === 0 && n <= 96) return true;
  if (n > 0 && n % 16 === 0 && n <= 192) return true;
  for (let a = 1; a <= 8; a += 1) for (let b = 1; b <= 8; b += 1) if (8 * a + 16 * b === n && n <= 200) return true;
  return [20, 28, 36, 44, 52, 60].includes(n);
}

function bruteForceValidation(n: number) {
  let nextTarget = 0;
  for (let m = n + 1; m <= 1000 && nextTarget === 0; m += 1) if (validByRule(m)) nextTarget = m;
  if (nextTarget === 0) nextTarget = Math.ceil(n / 4) * 4;
  let previousTarget = 0;
  for (let m = n - 1; m >= 1 && previousTarget === 0; m -= 1) if (validByRule(m)) previousTarget = m;
  return {
    totalCans: n,
    isValid: validByRule(n),
    nextTarget,
    needed: nextTarget - n,
    previousTarget,
    excess: previousTarget === 0 ? 0 : n - previousTarget,
  };
}

const EVERY_TOTAL = Array.from({ length: 251 }, (_, n) => n);

describe('valid pack totals', () => {
  it('given the spec rule, when expanded, then it is exactly the list written out by hand', () => {
    expect(VALID_PACK_TOTALS).toEqual(SPEC_NOTES_TOTALS);
  });

  it.each([0, 12, 200, 1, 3, 68, 100, 196])('%p cans is not a valid pack', (total) => {
    expect(isValidPackTotal(total)).toBe(false);
  });

  it.each(EVERY_TOTAL)('given %p cans, the pack check agrees with a brute-force reading of the rule', (n) => {
    expect(isValidPackTotal(n)).toBe(validByRule(n));
    expect(validatePack(n)).toEqual(bruteForceValidation(n));
  });
});

describe('validatePack', () => {
  it.each([
    // total, isValid, nextTarget, needed, previousTarget, excess
    [0, false, 4, 4, 0, 0],
    [1, false, 4, 3, 0, 0],
    [4, true, 8, 4, 0, 0],
    [5, false, 8, 3, 4, 1],
    [8, true, 16, 8, 4, 4],
    [12, false, 16, 4, 8, 4],
    [61, false, 64, 3, 60, 1],
    [100, false, 104, 4, 96, 4],
    [192, true, 192, 0, 184, 8],
    [193, false, 196, 3, 192, 1],
    [200, false, 200, 0, 192, 8],
  ])('given %p cans: valid %p, next %p (+%p), previous %p (-%p)', (total, isValid, nextTarget, needed, previousTarget, excess) => {
    expect(validatePack(total)).toEqual({
      totalCans: total,
      isValid,
      nextTarget,
      needed,
      previousTarget,
      excess,
    });
  });

  it.each([-1, 1.5, Number.NaN])('refuses %p cans', (total) => {
    expect(() => validatePack(total)).toThrow(InvalidQuantityError);
  });
});

describe('packAdviceText', () => {
  it.each([
    [0, ''],
    [4, ''],
    [192, ''],
    [1, 'Add 3 for 4-pack'],
    [3, 'Add 1 for 4-pack'],
    [5, 'Remove 1 for 4-pack OR Add 3 for 8-pack'],
    [12, 'Remove 4 for 8-pack OR Add 4 for 16-pack'],
    [62, 'Remove 2 for 60-pack OR Add 2 for 64-pack'],
    // Above 192 the spec's next target (rounded up to 4) is not a pack, so only removing is advised.
    [193, 'Remove 1 for 192-pack'],
    [200, 'Remove 8 for 192-pack'],
  ])('given %p cans, the drawer says %p', (total, text) => {
    expect(packAdviceText(validatePack(total))).toBe(text);
  });

  it.each(EVERY_TOTAL.filter((n) => n > 0 && !validByRule(n)))(
    'given an invalid %p cans, every option it offers lands on a valid pack',
    (n) => {
      const options = packAdviceText(validatePack(n)).split(' OR ');
      expect(options.length).toBeGreaterThan(0);
      for (const option of options) {
        const match = /^(Remove|Add) (\d+) for (\d+)-pack$/.exec(option);
        expect(match).not.toBeNull();
        const [, verb, count, target] = match ?? [];
        expect(n + (verb === 'Add' ? 1 : -1) * Number(count)).toBe(Number(target));
        expect(validByRule(Number(target))).toBe(true);
      }
    },
  );
});

describe('shopHelperText', () => {
  it.each([
    [0, 'Add cans to your pack to enable checkout'],
    [4, 'Ready for checkout!'],
    [96, 'Ready for checkout!'],
    [1, 'Add 3 more cans to complete a 4-pack'],
    [3, 'Add 1 more can to complete a 4-pack'],
    [13, 'Add 3 more cans to complete a 16-pack'],
    [100, 'Add 4 more cans to complete a 104-pack'],
    // Said as read aloud: "an eight-pack".
    [5, 'Add 3 more cans to complete an 8-pack'],
    [81, 'Add 7 more cans to complete an 88-pack'],
    [193, 'Remove 1 for 192-pack'],
  ])('given %p cans, the shop says %p', (total, text) => {
    expect(shopHelperText(validatePack(total))).toBe(text);
  });
});

describe('packProgressPercent', () => {
  it.each([
    [0, 0],
    [4, 100],
    [60, 100],
    [1, 25],
    [2, 50],
    [3, 75],
    [5, 63],
    [12, 75],
    [191, 99],
    [193, 98],
    [196, 99],
  ])('given %p cans, the bar shows %p%%', (total, percent) => {
    expect(packProgressPercent(validatePack(total))).toBe(percent);
  });
});
