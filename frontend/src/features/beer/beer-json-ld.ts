import type { Product } from '@brewery/shop-rules';
import { absoluteUrl } from '@/shared/ui/page-meta';

/**
 * schema.org `Product` with its `Offer` for a beer's page: what search engines show beside the link (the
 * price of one can in Australian dollars, and whether it can be bought now).
 */
export function beerJsonLd(product: Product, brand: string, origin: string, path: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: [absoluteUrl(origin, product.imageUrl)],
    sku: product.id,
    category: product.style,
    ...(brand === '' ? {} : { brand: { '@type': 'Brand', name: brand } }),
    additionalProperty: [{ '@type': 'PropertyValue', name: 'Alcohol by volume', value: `${product.abv}%` }],
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(origin, path),
      priceCurrency: 'AUD',
      price: product.price,
      availability: product.inventory <= 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      // A scheduled release: from when it can be bought (true before and after it, so a kept page stays right).
      ...(typeof product.releaseAt === 'string' ? { availabilityStarts: product.releaseAt } : {}),
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}
