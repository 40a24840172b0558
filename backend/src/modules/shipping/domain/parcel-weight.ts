/** A full 500 mL can weighs about 0.53 kg; 0.55 kg leaves room for its share of the box and padding. */
export const KG_PER_CAN = 0.55;

/** Estimated parcel weight in kilograms, to the nearest 10 g. */
export function parcelWeightKg(cans: number): number {
  if (!Number.isInteger(cans) || cans < 1) throw new Error(`A parcel holds at least one can, not ${cans}`);
  return Math.round(cans * KG_PER_CAN * 100) / 100;
}
