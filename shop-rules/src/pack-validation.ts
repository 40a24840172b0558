import type { PackValidation } from './catalog.types';
import { InvalidQuantityError } from './shop-rule.error';

/**
 * The spec's "valid pack total" rule, clause by clause: 4, 8, 16; any multiple of 8 up to 96; any
 * multiple of 16 up to 192; any 8a + 16b (a and b from 1 to 8) up to 200; or 20, 28, 36, 44, 52, 60.
 * Kept as written (rather than as the expanded list) so a reader can check it against the spec.
 */
function packTotalsFromRule(): readonly number[] {
  const totals = new Set<number>([4, 8, 16]);
  for (let total = 8; total <= 96; total += 8) totals.add(total);
  for (let total = 16; total <= 192; total += 16) totals.add(total);
  for (let a = 1; a <= 8; a += 1) {
    for (let b = 1; b <= 8; b += 1) {
      const total = 8 * a + 16 * b;
      if (total <= 200) totals.add(total);
    }
  }
  for (const total of [20, 28, 36, 44, 52, 60]) totals.add(total);
  return Object.freeze([...totals].sort((x, y) => x - y));
}

/** Every valid pack total, ascending: 4, 8, 16, 20, ..., 60, then every multiple of 8 up to 192. */
export const VALID_PACK_TOTALS: readonly number[] = packTotalsFromRule();

const VALID_TOTAL_SET: ReadonlySet<number> = new Set(VALID_PACK_TOTALS);

export function isValidPackTotal(total: number): boolean {
  return VALID_TOTAL_SET.has(total);
}

function assertCanCount(totalCans: number): void {
  if (!Number.isSafeInteger(totalCans) || totalCans < 0) {
    throw new InvalidQuantityError(`Invalid can count: ${totalCans}`);
  }
}

/**
 * Where the pack stands and its nearest valid neighbours. Above the largest valid total the spec's
 * next target is the total rounded up to a multiple of 4, which is itself not a valid pack; the texts
 * below take care not to advise it.
 */
export function validatePack(totalCans: number): PackValidation {
  assertCanCount(totalCans);
  const nextValid = VALID_PACK_TOTALS.find((total) => total > totalCans);
  const nextTarget = nextValid ?? Math.ceil(totalCans / 4) * 4;
  const previousTarget = VALID_PACK_TOTALS.filter((total) => total < totalCans).at(-1) ?? 0;
  return {
    totalCans,
    isValid: isValidPackTotal(totalCans),
    nextTarget,
    needed: nextTarget - totalCans,
    previousTarget,
    excess: previousTarget === 0 ? 0 : totalCans - previousTarget,
  };
}

/** True when adding `needed` cans really completes a pack (not so above the largest valid total). */
function canCompleteByAdding(v: PackValidation): boolean {
  return v.needed > 0 && isValidPackTotal(v.nextTarget);
}

/** The cart drawer's advice for an invalid pack: 'Remove X for N-pack OR Add Y for M-pack'. */
export function packAdviceText(v: PackValidation): string {
  if (v.isValid || v.totalCans === 0) return '';
  const options: string[] = [];
  if (v.previousTarget > 0) options.push(`Remove ${v.excess} for ${v.previousTarget}-pack`);
  if (canCompleteByAdding(v)) options.push(`Add ${v.needed} for ${v.nextTarget}-pack`);
  return options.join(' OR ');
}

/** The shop page's helper line under the pack progress bar. */
export function shopHelperText(v: PackValidation): string {
  if (v.totalCans === 0) return 'Add cans to your pack to enable checkout';
  if (v.isValid) return 'Ready for checkout!';
  if (canCompleteByAdding(v))
    return `Add ${v.needed} more ${v.needed === 1 ? 'can' : 'cans'} to complete ${articleFor(v.nextTarget)} ${v.nextTarget}-pack`;
  // Above the largest pack only removing cans helps, so say that in the drawer's words.
  return packAdviceText(v);
}

/**
 * Progress towards the next pack: 0 when empty, 100 when valid, otherwise total / next target. An
 * invalid pack stops at 99 so the bar never looks complete when checkout is still disabled.
 */
export function packProgressPercent(v: PackValidation): number {
  if (v.totalCans === 0) return 0;
  if (v.isValid) return 100;
  return Math.min(99, Math.round((v.totalCans / v.nextTarget) * 100));
}

/** The spec's "a M-pack", said as it is read aloud: "an 8-pack", "an 80-pack", "an 11-pack", "a 16-pack". */
function articleFor(cans: number): 'a' | 'an' {
  const digits = String(cans);
  return digits.startsWith('8') || /^1[18]$|^1[18]\d\d$/.test(digits) ? 'an' : 'a';
}
