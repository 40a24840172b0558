import { DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { PackSize } from '@brewery/shop-rules';
import {
  centsToDollars,
  formatPrice,
  isPackEnabled,
  isReleased,
  packPriceCents,
  packSizeLabel,
  productStockMarker,
} from '@brewery/shop-rules';
import { Button, Popconfirm, Tag, Tooltip } from 'antd';
import { useId } from 'react';
import { limitPerOrderText } from '@/shared/catalog/order-limit';
import { useNow } from '@/shared/catalog/use-now';
import { perthDateTime } from '@/shared/format/perth-date-time';
import type { AdminProduct } from './api/get-admin-products';
import './admin-product-card.css';
import { ProductPicture } from '@/shared/ui/product-picture';

export interface AdminProductCardProps {
  product: AdminProduct;
  /** A change to this product is on its way: its buttons wait. */
  busy: boolean;
  /** The role may change products (`products.manage`); without it the card is read-only. */
  manage?: boolean;
  onToggleActive: (product: AdminProduct) => void;
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
  /** Opens the beer's "Tell me when it's back" list. */
  onOpenWaitlist: (product: AdminProduct) => void;
}

const PACKS: readonly Exclude<PackSize, 'single'>[] = ['4pack', '8pack', '16pack'];

/** Releases are set to the minute: a clock moving by the minute takes the line away when the beer opens. */
const RELEASE_TICK_MS = 60_000;

function packPriceText(product: AdminProduct, size: PackSize): string {
  const cents = packPriceCents(product, size);
  const price = cents === null ? 'no price' : formatPrice(centsToDollars(cents));
  return isPackEnabled(product, size) ? price : `${price} (off)`;
}

/** One product as the operator sees it: shop state, markers, prices, stock and the actions on it. */
export function AdminProductCard({
  product,
  busy,
  manage = true,
  onToggleActive,
  onEdit,
  onDelete,
  onOpenWaitlist,
}: AdminProductCardProps) {
  const headingId = useId();
  const stockMarker = productStockMarker(product);
  const now = useNow(RELEASE_TICK_MS, product.releaseAt);
  const upcoming = typeof product.releaseAt === 'string' && !isReleased(product, now) ? product.releaseAt : null;
  // Club members' early access, while the release it comes before is still ahead.
  const membersFrom = upcoming !== null && typeof product.membersFrom === 'string' ? product.membersFrom : null;
  const toConfirm = product.waitingToConfirm ?? 0;
  const waitingText = `${product.waiting} waiting${toConfirm > 0 ? `, ${toConfirm} to confirm` : ''}`;

  return (
    <article className={`admin-product${product.archived ? ' admin-product--archived' : ''}`} aria-labelledby={headingId}>
      <ProductPicture className="admin-product__image" src={product.imageUrl} sizes="64px" alt="" width={64} height={106} loading="lazy" />
      <div className="admin-product__body">
        <h3 id={headingId} className="admin-product__name">
          {product.name}
        </h3>
        <div className="admin-product__tags">
          {product.isActive ? <Tag color="green">Live in Shop</Tag> : <Tag>Draft Mode</Tag>}
          {product.archived ? <Tag color="default">Archived</Tag> : null}
          {product.beerType ? <Tag color="purple">{product.beerType}</Tag> : null}
          {stockMarker ? <Tag color={stockMarker === 'LOW STOCK' ? 'orange' : 'red'}>{stockMarker}</Tag> : null}
          {typeof product.maxPerOrder === 'number' ? <Tag color="blue">{limitPerOrderText(product.maxPerOrder)}</Tag> : null}
          {upcoming === null ? null : <Tag color="gold">Releases {perthDateTime(upcoming)}</Tag>}
          {membersFrom === null ? null : <Tag color="geekblue">Members from {perthDateTime(membersFrom)}</Tag>}
          {product.waiting > 0 || toConfirm > 0 ? (
            <Tag
              color="cyan"
              className="admin-product__waiting"
              title={`${product.waiting} confirmed e-mail ${product.waiting === 1 ? 'address waits' : 'addresses wait'} to hear when it is on sale`}
            >
              {/* The list itself (customers' addresses) opens for a role that manages products only. */}
              {manage ? (
                <button
                  type="button"
                  onClick={() => onOpenWaitlist(product)}
                  aria-label={`Waiting list for ${product.name}: ${waitingText}`}
                >
                  {waitingText}
                </button>
              ) : (
                waitingText
              )}
            </Tag>
          ) : null}
        </div>
        <p className="admin-product__style">
          {product.style} · ABV {product.abv}%
        </p>
        <dl className="admin-product__facts">
          <div>
            <dt>Single can</dt>
            <dd>{formatPrice(centsToDollars(packPriceCents(product, 'single') ?? 0))}</dd>
          </div>
          {PACKS.map((size) => (
            <div key={size}>
              <dt>{packSizeLabel(size)}</dt>
              <dd>{packPriceText(product, size)}</dd>
            </div>
          ))}
          <div>
            <dt>Stock</dt>
            <dd>
              {product.inventory} cans
              {product.reserved > 0 ? ` (${product.reserved} reserved, ${product.available} available)` : ''}
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{product.isActive ? 'Active' : 'Inactive'}</dd>
          </div>
        </dl>
        {manage ? (
          <div className="admin-product__actions">
            <Button
              icon={product.isActive ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />}
              onClick={() => onToggleActive(product)}
              loading={busy}
              aria-label={`${product.isActive ? 'Remove from Shop' : 'Include in Shop'}: ${product.name}`}
            >
              {product.isActive ? 'Remove from Shop' : 'Include in Shop'}
            </Button>
            <Tooltip title="Edit">
              <Button
                icon={<EditOutlined aria-hidden />}
                onClick={() => onEdit(product)}
                disabled={busy}
                aria-label={`Edit ${product.name}`}
              />
            </Tooltip>
            <Popconfirm
              title={`Delete ${product.name}?`}
              description="It leaves the shop and this list. This cannot be undone."
              okText="Delete"
              okButtonProps={{ danger: true }}
              cancelText="Keep"
              onConfirm={() => onDelete(product)}
            >
              <Button danger icon={<DeleteOutlined aria-hidden />} disabled={busy} aria-label={`Delete ${product.name}`} />
            </Popconfirm>
          </div>
        ) : null}
      </div>
    </article>
  );
}
