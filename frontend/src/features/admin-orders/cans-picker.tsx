import { packSizeLabel } from '@brewery/shop-rules';
import { QuantityStepper } from '@/shared/ui/quantity-stepper';
import type { AdminOrder } from './api/get-admin-orders';
import type { CansByLine } from './order-cans';

export interface CansPickerProps {
  order: Pick<AdminOrder, 'items'>;
  value: CansByLine;
  onChange: (value: CansByLine) => void;
  /** What the cans are picked for, in each stepper's name: "to refund", "sent back". */
  purpose: string;
  /** The most cans each line may take (absent: all of its cans). */
  maxOf?: (line: AdminOrder['items'][number]) => number;
}

/** A stepper per order line: how many of its cans. */
export function CansPicker({ order, value, onChange, purpose, maxOf }: CansPickerProps) {
  return (
    <ul className="cans-picker" aria-label={`Cans ${purpose}`}>
      {order.items.map((line) => {
        const max = Math.max(0, maxOf === undefined ? line.quantity : maxOf(line));
        const pack = line.packSize === 'single' ? 'single cans' : packSizeLabel(line.packSize);
        return (
          <li key={line.id} className="cans-picker__line">
            <span>
              <strong>{line.product.name}</strong>{' '}
              <span className="order-detail__muted">
                ({pack}, {line.quantity} {line.quantity === 1 ? 'can' : 'cans'}
                {max < line.quantity ? `, ${max} left` : ''})
              </span>
            </span>
            <QuantityStepper
              size="small"
              min={0}
              max={max}
              value={Math.min(value[line.id] ?? 0, max)}
              label={`Cans of ${line.product.name} (${pack}) ${purpose}`}
              onChange={(cans) => onChange({ ...value, [line.id]: cans })}
            />
          </li>
        );
      })}
    </ul>
  );
}
