import { EventTimeline } from '@/shared/ui/event-timeline';
import { useProductHistory } from './api/get-product-history';

/** Every change of the beer and its stock alerts, when and by whom (its sales are in each order's history). */
export function ProductHistory({ productId }: { productId: string }) {
  return <EventTimeline history={useProductHistory(productId)} subject="product" />;
}
