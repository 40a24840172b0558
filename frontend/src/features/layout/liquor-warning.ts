/** The notice WA licensed premises must display, word for word. */
export const LIQUOR_ACT_WARNING =
  'WARNING: Under the Liquor Control Act 1988, it is an offence: to sell or supply liquor to a person under the age of 18 years on licensed or regulated premises; or for a person under the age of 18 years to purchase, or attempt to purchase, liquor on licensed or regulated premises.';
