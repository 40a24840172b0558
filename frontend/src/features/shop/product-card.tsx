import type { CartLine, Product } from '@brewery/shop-rules';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ProductBadges, ProductOrder } from '@/shared/catalog/product-order';
import { useLiveMark } from '@/shared/browser/live-mark';
import { ProductPicture } from '@/shared/ui/product-picture';

export interface ProductCardProps {
  product: Product;
  /** Cans of this product already in the cart, whatever their pack size. */
  cansInPack: number;
  onAdd: (line: CartLine) => void;
  /** Cards in the first screenful load their can at once; the rest wait until scrolled near. */
  aboveTheFold?: boolean;
  /** The beer's own page, when it has one (not for an archived beer). */
  href?: string;
}

export function ProductCard({ product, cansInPack, onAdd, aboveTheFold = false, href }: ProductCardProps) {
  const headingId = useId();
  const live = useLiveMark<HTMLElement>();

  return (
    <article className={`product-card${product.archived ? ' product-card--archived' : ''}`} aria-labelledby={headingId} {...live}>
      <div className="product-card__media">
        <ProductPicture
          src={product.imageUrl}
          // The can is 208 px tall and as wide as its picture makes it: up to the card's width.
          sizes="(max-width: 480px) 45vw, 300px"
          alt={`${product.name} 500mL can`}
          loading={aboveTheFold ? 'eager' : 'lazy'}
          fetchPriority={aboveTheFold ? 'high' : 'auto'}
          width={126}
          height={208}
        />
        <div className="product-card__badges">
          <ProductBadges product={product} />
        </div>
      </div>

      <div className="product-card__body">
        <h2 id={headingId} className="product-card__name">
          {href === undefined ? (
            product.name
          ) : (
            <Link to={href} className="product-card__link">
              {product.name}
            </Link>
          )}
        </h2>
        <p className="product-card__style">
          <span>{product.style}</span>
          <span aria-hidden className="product-card__dot">
            ·
          </span>
          <span className="product-card__abv">ABV {product.abv}%</span>
        </p>
        <p className="product-card__description">{product.description}</p>

        <ProductOrder product={product} cansInPack={cansInPack} onAdd={onAdd} />
      </div>
    </article>
  );
}
