import type { CartLine } from '@brewery/shop-rules';
import { beerPagePath, cartTotalCans, findBeerBySlug, validatePack } from '@brewery/shop-rules';
import { Link } from 'react-router-dom';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { PackProgressCard } from '@/shared/ui/pack-progress-card';
import { ProductBadges, ProductOrder } from '@/shared/catalog/product-order';
import { useConfig } from '@/shared/api/config/get-config';
import { useProducts } from '@/shared/api/products/get-products';
import { PageMeta, summarise, useSiteOrigin } from '@/shared/ui/page-meta';
import { SkeletonLines } from '@/shared/ui/plain-ui';
import { ProductPicture } from '@/shared/ui/product-picture';
import { scriptJson } from '@/shared/format/script-json';
import { beerJsonLd } from './beer-json-ld';
import './beer-page.css';

export interface BeerPageProps {
  slug: string;
  cartLines: readonly CartLine[];
  onAddToCart: (line: CartLine) => void;
  onCheckout: () => void;
  homeHref: string;
  shopHref: string;
}

/**
 * One beer's own page, `/shop/<slug>`: its picture large, what it is, and the same pack choice as its card
 * in the shop. Its title, description, share card and schema.org Product are its own. A beer that is not
 * on sale (unknown, a draft, archived) has no page: the shop's "Page Not Found" stands in its place.
 */
export function BeerPage({ slug, cartLines, onAddToCart, onCheckout, homeHref, shopHref }: BeerPageProps) {
  const { data: products, isPending } = useProducts();
  const brand = useConfig().data?.brandName ?? '';
  const origin = useSiteOrigin();

  if (isPending) {
    return (
      <main id="main-content" className="page beer-page" aria-busy="true">
        <SkeletonLines rows={6} />
      </main>
    );
  }
  const beer = findBeerBySlug(products ?? [], slug);
  if (beer === null) return <NotFoundPage homeHref={homeHref} shopHref={shopHref} />;

  const path = beerPagePath(beer);
  const cansInPack = cartTotalCans(cartLines.filter((line) => line.productId === beer.id));
  const title = `${beer.name}: ${beer.style}, ${beer.abv}% ABV`;

  return (
    <main id="main-content" className="page beer-page">
      <PageMeta
        title={brand === '' ? title : `${title} | ${brand}`}
        description={summarise(beer.description)}
        path={path}
        image={beer.imageUrl}
        type="product"
      />
      <nav aria-label="Breadcrumb" className="beer-page__crumbs">
        <ol>
          <li>
            <Link to={shopHref}>Shop</Link>
          </li>
          <li aria-current="page">{beer.name}</li>
        </ol>
      </nav>

      <div className="beer-page__layout">
        <div className="beer-page__media">
          <ProductPicture
            src={beer.imageUrl}
            sizes="(max-width: 720px) 60vw, 320px"
            alt={`${beer.name} 500mL can`}
            fetchPriority="high"
            width={194}
            height={320}
          />
        </div>

        <section className="beer-page__details product-card__body" aria-labelledby="beer-title">
          <div className="beer-page__tags">
            <ProductBadges product={beer} />
          </div>
          <h1 id="beer-title" className="page__title beer-page__name">
            {beer.name}
          </h1>
          <p className="beer-page__style">
            {beer.style} <span aria-hidden>·</span> ABV {beer.abv}% <span aria-hidden>·</span> 500mL can
          </p>
          <p className="beer-page__description">{beer.description}</p>
          <ProductOrder product={beer} cansInPack={cansInPack} onAdd={onAddToCart} />
        </section>
      </div>

      <div className="beer-page__pack">
        <PackProgressCard validation={validatePack(cartTotalCans(cartLines))} onCheckout={onCheckout} />
      </div>

      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(beerJsonLd(beer, brand, origin, path)) }} />
    </main>
  );
}
