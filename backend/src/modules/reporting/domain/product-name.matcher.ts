/** The key two names share when they differ only in case, spacing, punctuation or accents. */
export function productNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // the accents NFKD split off: Kölsch -> Kolsch
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ''); // punctuation and every space, so "Pale  Ale" == "pale ale" == "PaleAle"
}

export interface NamedProduct {
  productId: string;
  name: string;
}

export type NameMatch<P extends NamedProduct> = { kind: 'matched'; product: P } | { kind: 'none' } | { kind: 'ambiguous'; candidates: P[] };

/** The one product whose name matches; never a guess between two. */
export function matchProductName<P extends NamedProduct>(name: string, products: readonly P[]): NameMatch<P> {
  const key = productNameKey(name);
  if (key === '') return { kind: 'none' };
  const candidates = products.filter((p) => productNameKey(p.name) === key);
  const [only, ...others] = candidates;
  if (only === undefined) return { kind: 'none' };
  if (others.length > 0) return { kind: 'ambiguous', candidates };
  return { kind: 'matched', product: only };
}
