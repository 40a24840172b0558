/** What other parts of the server may use from order-history. */
export { OrderHistoryModule } from './order-history.module';
export type { TimelineEntry } from './order-timeline';
export { describeEvent } from './order-timeline';
