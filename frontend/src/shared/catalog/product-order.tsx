import { ShoppingCartOutlined } from '@ant-design/icons';
import type { CartLine, PackSize, Product } from '@brewery/shop-rules';
import {
  PACK_SIZES,
  addButtonLabel,
  addedToPackText,
  cartLineFromProduct,
  centsToDollars,
  formatPrice,
  isAddDisabled,
  isPackAvailable,
  packPriceCents,
  packSizeLabel,
  productStockMarker,
} from '@brewery/shop-rules';
import { PlainButton, PlainTag } from '@/shared/ui/plain-button';
import { useId, useRef, useState } from 'react';
import { NotifyMe } from './notify-me';
import { addBlockedReason, limitPerOrderText, maxPacksToAdd } from './order-limit';
import { ReleaseNotice, useRelease } from './product-release';
import { QuantityStepper } from '@/shared/ui/quantity-stepper';
import { useToast } from '@/shared/ui/toast/use-toast';
import './product-order.css';

/** A size's price, or "Not available" when none can be added: no stock for it, counting what the pack already holds. */
function packOptionPrice(product: Product, packSize: PackSize, cansInPack: number): string {
  const cents = packPriceCents(product, packSize);
  const addable = isPackAvailable(product, packSize) && maxPacksToAdd(product, packSize, cansInPack) > 0;
  return addable && cents !== null ? formatPrice(centsToDollars(cents)) : 'Not available';
}

export interface ProductOrderProps {
  product: Product;
  /** Cans of this product already in the cart, whatever their pack size. */
  cansInPack: number;
  onAdd: (line: CartLine) => void;
}

/**
 * Choosing a pack size and how many, and Add to Pack: on the shop's cards and on a beer's own page. A beer still
 * to be released shows when, a countdown and "Tell me when it's released" instead, until the instant comes and the
 * choice appears by itself; a sold-out beer offers "Tell me when it's back" under its (disabled) choice. A beer club
 * members may buy early says from when; on a member's browser its choice comes at that instant, under the notice.
 */
export function ProductOrder({ product, cansInPack, onAdd }: ProductOrderProps) {
  const { now, upcoming, membersFrom, earlyAccess, buyable } = useRelease(product);
  const earlyAccessId = useId();
  // A beer seen counting down on this page keeps its notice once it opens, to say so.
  const [countedDown, setCountedDown] = useState(upcoming !== null);
  if (upcoming !== null && !countedDown) setCountedDown(true);

  return (
    <>
      {countedDown ? (
        <ReleaseNotice
          product={product}
          upcoming={upcoming}
          now={now}
          membersFrom={membersFrom}
          earlyAccess={earlyAccess}
          earlyAccessId={earlyAccessId}
        />
      ) : null}
      {buyable ? (
        <PackOrder product={product} cansInPack={cansInPack} onAdd={onAdd} earlyAccessId={earlyAccess ? earlyAccessId : undefined} />
      ) : (
        <NotifyMe product={product} upcoming />
      )}
    </>
  );
}

interface PackOrderProps extends ProductOrderProps {
  /** A club member's early access (the id of its tag): Add to Pack is described by it. */
  earlyAccessId?: string | undefined;
}

/**
 * The choice itself. What can be added is the stock and the limit per order less what the pack already holds
 * of this beer.
 */
function PackOrder({ product, cansInPack, onAdd, earlyAccessId }: PackOrderProps) {
  const [packSize, setPackSize] = useState<PackSize>('single');
  const [count, setCount] = useState(0);
  const toast = useToast();
  const orderControls = useRef<HTMLDivElement>(null);
  // One name per card: the browser's arrow keys move between this card's sizes only.
  const groupName = useId();

  const maxCount = maxPacksToAdd(product, packSize, cansInPack);
  const baseLabel = addButtonLabel(product, packSize);
  const label = baseLabel === 'Add to Pack' ? (addBlockedReason(product, packSize, cansInPack) ?? baseLabel) : baseLabel;
  // The pack can fill up from elsewhere (the drawer) while a count is chosen here.
  const shownCount = Math.min(count, maxCount);
  const limit = typeof product.maxPerOrder === 'number' ? product.maxPerOrder : null;

  const choosePackSize = (next: PackSize) => {
    setPackSize(next);
    setCount((current) => Math.min(current, maxPacksToAdd(product, next, cansInPack)));
  };

  const add = () => {
    if (shownCount <= 0) return;
    const line = cartLineFromProduct(product, packSize, shownCount);
    onAdd(line);
    toast.success('Added to Pack', addedToPackText(line));
    setCount(0);
    // Add to Pack disables itself (nothing chosen now): focus stays here, on the stepper, not on the page.
    window.requestAnimationFrame(() =>
      orderControls.current?.querySelector<HTMLButtonElement>('button[aria-label^="Increase"]:not([disabled])')?.focus(),
    );
  };

  return (
    <>
      <div className="product-card__sizes" role="radiogroup" aria-label={`Pack size for ${product.name}`}>
        {PACK_SIZES.map((size) => (
          <label key={size} className={`product-card__size${packSize === size ? ' product-card__size--checked' : ''}`}>
            <input
              type="radio"
              className="product-card__size-input"
              // The browser must not restore an earlier choice on reload or back: the card would disagree with it.
              autoComplete="off"
              name={groupName}
              value={size}
              checked={packSize === size}
              onChange={() => choosePackSize(size)}
            />
            <span className="product-card__size-name">{packSizeLabel(size)}</span>{' '}
            <span className="product-card__size-price">{packOptionPrice(product, size, cansInPack)}</span>
          </label>
        ))}
      </div>

      <div className="product-card__order" ref={orderControls}>
        <QuantityStepper
          label={`${product.name} quantity`}
          value={shownCount}
          min={0}
          max={maxCount}
          onChange={setCount}
          disabled={label !== 'Add to Pack'}
        />
        {cansInPack > 0 ? <span className="product-card__in-pack">{cansInPack} in pack</span> : null}
      </div>
      {limit !== null ? <p className="product-card__limit">{limitPerOrderText(limit)}</p> : null}

      <PlainButton
        variant="primary"
        block
        size="large"
        icon={label === 'Add to Pack' ? <ShoppingCartOutlined aria-hidden /> : undefined}
        disabled={label !== 'Add to Pack' || isAddDisabled(product, packSize, shownCount)}
        onClick={add}
        aria-label={label === 'Add to Pack' ? `Add to Pack: ${product.name}` : `${label}: ${product.name}`}
        aria-describedby={earlyAccessId}
        data-testid={earlyAccessId === undefined ? undefined : 'members-early-access-add'}
      >
        {label}
      </PlainButton>
      {product.inventory <= 0 && !product.archived ? <NotifyMe product={product} upcoming={false} /> : null}
    </>
  );
}

/** The beer's type (or ARCHIVED) and its stock marker, as tags: on its card and on its own page. */
export function ProductBadges({ product }: { product: Product }) {
  const stockMarker = productStockMarker(product);
  return (
    <>
      {product.archived ? (
        <PlainTag className="product-card__badge product-card__badge--archived">ARCHIVED</PlainTag>
      ) : product.beerType ? (
        <PlainTag className="product-card__badge product-card__badge--type">{product.beerType}</PlainTag>
      ) : null}
      {stockMarker ? (
        <PlainTag
          color={stockMarker === 'LOW STOCK' ? undefined : 'red'}
          className={`product-card__badge${stockMarker === 'LOW STOCK' ? ' product-card__badge--low' : ''}`}
        >
          {stockMarker}
        </PlainTag>
      ) : null}
    </>
  );
}
