import { useToast } from '@/shared/ui/toast/use-toast';
import { DeleteOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { CartLine, Product } from '@brewery/shop-rules';
import {
  cartSubtotal,
  cartTotalCans,
  formatPrice,
  lineTotal,
  packAdviceText,
  perCanPrice,
  quantityText,
  validatePack,
} from '@brewery/shop-rules';
import { Button, Drawer, Empty, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productsQueryOptions, useLoadedProducts } from '@/shared/api/products/get-products';
import { maxPacksToAdd } from '@/shared/catalog/order-limit';
import { AccentButton } from '@/shared/ui/accent-button';
import { AntdScope } from '@/shared/ui/antd-scope';
import { QuantityStepper } from '@/shared/ui/quantity-stepper';
import { useCart } from './use-cart';
import './cart-drawer.css';
import { ProductPicture } from '@/shared/ui/product-picture';

export interface CartDrawerProps {
  open: boolean;
  onClose: () => void;
  onCheckout: () => void;
  /**
   * Whether closing gives focus back to what opened the drawer (the header's cart): yes when the customer just
   * closes it, no when it closes to go to checkout, where focus belongs on the new page's heading.
   */
  returnFocus?: boolean;
}

export const EMPTY_PACK_TEXT = 'Your pack is empty. Add some beers to get started!';

/** Without the product list the stepper cannot know the stock; the server checks it again at checkout. */
const UNKNOWN_STOCK_MAX_PACKS = 99;

/** The drawer in antd's theme (the page under it draws without antd). */
export function CartDrawer(props: CartDrawerProps) {
  return (
    <AntdScope>
      <CartDrawerContent {...props} />
    </AntdScope>
  );
}

function CartDrawerContent({ open, onClose, onCheckout, returnFocus = true }: CartDrawerProps) {
  const cart = useCart();
  const { data: products } = useLoadedProducts();
  const queryClient = useQueryClient();
  const validation = validatePack(cart.totalCans);
  // A line holding more than is left now: the checkout would refuse it, so it waits until the line is fixed.
  const overStock = cart.lines.some((line) => {
    if (noLongerSold(line, products)) return true;
    const limit = lineLimit(line, cart.lines, products);
    return limit !== null && line.quantity / line.packQuantity > limit;
  });
  // Opening the pack asks for the stock again (a 304 while nothing changed), so a beer that sold out meanwhile shows.
  useEffect(() => {
    if (open) void queryClient.fetchQuery({ ...productsQueryOptions(), staleTime: 0 }).catch(() => undefined);
  }, [open, queryClient]);
  // The pack is in view now: an "Added to Pack" toast would only cover its totals (on a phone held sideways, too).
  const toast = useToast();
  useEffect(() => {
    if (open) toast.dismiss();
  }, [open, toast]);

  return (
    <Drawer
      title="Your Pack"
      placement="right"
      open={open}
      onClose={onClose}
      focusable={{ focusTriggerAfterClose: returnFocus }}
      size="min(440px, 100vw)"
      rootClassName="cart-drawer"
      closable={{ 'aria-label': 'Close your pack' }}
      footer={
        cart.lines.length === 0 ? null : (
          <div className="cart-drawer__footer">
            <dl className="cart-drawer__totals">
              <dt>Total Cans</dt>
              <dd data-testid="cart-total-cans">{cart.totalCans}</dd>
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatPrice(cartSubtotal(cart.lines))}</dd>
            </dl>
            <p className="cart-drawer__shipping-note">+ shipping (calculated at checkout)</p>
            <div className="cart-drawer__status" role="status">
              {validation.isValid ? (
                <Tag className="cart-drawer__chip cart-drawer__chip--valid">✓ Complete {validation.totalCans}-pack</Tag>
              ) : (
                <Tag className="cart-drawer__chip cart-drawer__chip--advice">{packAdviceText(validation)}</Tag>
              )}
            </div>
            {overStock ? <p className="cart-drawer__stock-note">Fix the lines marked above to check out.</p> : null}
            <AccentButton block size="large" disabled={!validation.isValid || overStock} onClick={onCheckout}>
              Proceed to Checkout
            </AccentButton>
          </div>
        )
      }
    >
      {cart.lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_PACK_TEXT} />
      ) : (
        <>
          <ul className="cart-drawer__lines" aria-label="Beers in your pack">
            {cart.lines.map((line) => (
              <CartLineItem key={`${line.productId}-${line.packSize}`} line={line} products={products} />
            ))}
          </ul>
          <Button
            type="link"
            icon={<ThunderboltOutlined aria-hidden />}
            className="cart-drawer__optimise"
            onClick={() => void cart.optimise()}
          >
            Regroup for the best price
          </Button>
        </>
      )}
    </Drawer>
  );
}

/** What a line of a beer no longer on sale (archived, or taken off the shop) says. */
export const NO_LONGER_SOLD_TEXT = 'No longer sold: remove it to check out.';

/** A beer the shop no longer sells (archived, or gone from the list), once the list is known. */
function noLongerSold(line: CartLine, products: readonly Product[] | undefined): boolean {
  if (products === undefined) return false;
  const product = products.find((p) => p.id === line.productId);
  return product === undefined || product.archived || !product.isActive;
}

/** A line holding more than can be bought now: what is left, said in the line's own unit. */
export function stockWarningText(maxPacks: number, line: CartLine): string {
  if (maxPacks === 0) return line.packSize === 'single' ? 'Sold out since it was added.' : 'Not enough left for this pack now.';
  const unit = line.packSize === 'single' ? (maxPacks === 1 ? 'can' : 'cans') : `${line.packQuantity}-pack${maxPacks === 1 ? '' : 's'}`;
  return `Only ${maxPacks} ${unit} left now.`;
}

/**
 * The most packs of the line's size it may hold now: the stock and the limit per order, less what the beer's
 * other lines (another pack size) hold. Null while the product list is not known.
 */
function lineLimit(line: CartLine, lines: readonly CartLine[], products: readonly Product[] | undefined): number | null {
  const product = products?.find((p) => p.id === line.productId);
  if (product === undefined) return null;
  const cansInOtherLines = cartTotalCans(lines.filter((other) => other.productId === line.productId)) - line.quantity;
  return maxPacksToAdd(product, line.packSize, cansInOtherLines);
}

function CartLineItem({ line, products }: { line: CartLine; products: readonly Product[] | undefined }) {
  const cart = useCart();
  const product = products?.find((p) => p.id === line.productId);
  const packs = line.quantity / line.packQuantity;
  const maxPacks = lineLimit(line, cart.lines, products) ?? UNKNOWN_STOCK_MAX_PACKS;
  const countText = quantityText(line);

  return (
    <li className="cart-drawer__line">
      {line.imageUrl ? (
        <ProductPicture src={line.imageUrl} sizes="48px" alt="" className="cart-drawer__thumb" width={48} height={72} />
      ) : null}
      <div className="cart-drawer__line-body">
        <div className="cart-drawer__line-head">
          <span className="cart-drawer__name">{line.name}</span>
          <span className="cart-drawer__price">{formatPrice(lineTotal(line))}</span>
        </div>
        <div className="cart-drawer__count">{countText}</div>
        {line.packSize === 'single' ? null : (
          <div className="cart-drawer__per-can">Optimized pricing: {formatPrice(perCanPrice(line))} per can</div>
        )}
        {noLongerSold(line, products) ? (
          <div className="cart-drawer__stock-warning">
            <span>{NO_LONGER_SOLD_TEXT}</span>
            <Button size="small" onClick={() => cart.remove(line.productId, line.packSize)}>
              Remove
            </Button>
          </div>
        ) : product !== undefined && packs > maxPacks ? (
          <div className="cart-drawer__stock-warning">
            <span>{stockWarningText(maxPacks, line)}</span>
            {maxPacks === 0 ? (
              <Button size="small" onClick={() => cart.remove(line.productId, line.packSize)}>
                Remove
              </Button>
            ) : (
              <Button size="small" onClick={() => cart.setQuantity(line.productId, line.packSize, maxPacks * line.packQuantity)}>
                Change to {maxPacks}
              </Button>
            )}
          </div>
        ) : null}
        <div className="cart-drawer__line-actions">
          <QuantityStepper
            size="small"
            label={`${line.name} ${line.packSize === 'single' ? 'single cans' : `${line.packQuantity}-packs`}`}
            value={packs}
            min={0}
            max={Math.max(packs, maxPacks)}
            onChange={(next) => cart.setQuantity(line.productId, line.packSize, next * line.packQuantity)}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Remove ${countText} of ${line.name}`}
            onClick={() => cart.remove(line.productId, line.packSize)}
          />
        </div>
      </div>
    </li>
  );
}
