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
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** JSON for a `<script>` element: nothing in it can end the element early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
