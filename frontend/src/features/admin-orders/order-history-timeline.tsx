import { EventTimeline } from '@/shared/ui/event-timeline';
import { useOrderHistory } from './api/get-order-history';

export interface OrderHistoryTimelineProps {
  orderId: string;
}

/** What happened to the order, when and by whom, read from its event streams (oldest first). */
export function OrderHistoryTimeline({ orderId }: OrderHistoryTimelineProps) {
  return <EventTimeline history={useOrderHistory(orderId)} subject="order" />;
}
