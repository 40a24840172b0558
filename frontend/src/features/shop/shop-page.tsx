import type { CartLine } from '@brewery/shop-rules';
import { beerPagePath, cartTotalCans, hasBeerPage, sortArchivedLast, validatePack } from '@brewery/shop-rules';
import { Suspense } from 'react';
import { useConfig } from '@/shared/api/config/get-config';
import { SkeletonLines } from '@/shared/ui/plain-ui';
import { useProducts } from '@/shared/api/products/get-products';
import { PackProgressCard } from '@/shared/ui/pack-progress-card';
import { ProductCard } from './product-card';
import './shop-page.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface ShopPageProps {
  cartLines: readonly CartLine[];
  onAddToCart: (line: CartLine) => void;
  onCheckout: () => void;
}

export const NO_PRODUCTS_TEXT = 'No products available at the moment.';
export const SHOP_DESCRIPTION =
  'Our beers from Perth in 500mL cans: pale ales, lagers, IPAs and specials. Mix any cans into a 4, 8 or 16-pack, delivered Australia-wide.';
const SKELETON_CARDS = 8;
/** About one screenful of cards on a laptop: their cans load first, the rest lazily. */
const ABOVE_THE_FOLD_CARDS = 4;

function cansOfProduct(lines: readonly CartLine[], productId: string): number {
  return cartTotalCans(lines.filter((line) => line.productId === productId));
}

export function ShopPage({ cartLines, onAddToCart, onCheckout }: ShopPageProps) {
  const { data: products, isPending } = useProducts();
  const brand = useConfig().data?.brandName ?? '';
  const validation = validatePack(cartTotalCans(cartLines));

  return (
    <main id="main-content" className="page shop">
      <PageMeta title={brand ? `Our Craft Collection | ${brand}` : 'Our Craft Collection'} description={SHOP_DESCRIPTION} path="/shop" />
      <header className="shop__header">
        <h1 className="page__title">Our Craft Collection</h1>
        <p className="shop__lede">
          Pick any mix of cans. Checkout opens once your pack is a complete 4, 8 or 16-pack (or a larger pack of them).
        </p>
      </header>

      <PackProgressCard validation={validation} onCheckout={onCheckout} />

      {isPending ? (
        <div className="shop__grid" aria-busy="true" aria-label="Loading beers">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <div key={index} className="shop__skeleton" data-testid="product-skeleton">
              <div className="shop__skeleton-image" />
              <SkeletonLines rows={4} />
            </div>
          ))}
        </div>
      ) : !products || products.length === 0 ? (
        <p className="shop__empty">{NO_PRODUCTS_TEXT}</p>
      ) : (
        <div className="shop__grid">
          {sortArchivedLast(products).map((product, index) => (
            // Each card hydrates on its own (a Suspense boundary), so a phone's main thread is never held for the whole grid.
            <Suspense key={product.id} fallback={null}>
              <ProductCard
                product={product}
                cansInPack={cansOfProduct(cartLines, product.id)}
                onAdd={onAddToCart}
                aboveTheFold={index < ABOVE_THE_FOLD_CARDS}
                href={hasBeerPage(product) ? beerPagePath(product) : undefined}
              />
            </Suspense>
          ))}
        </div>
      )}
    </main>
  );
}
