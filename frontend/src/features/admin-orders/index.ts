export { ActiveOrdersTab } from './active-orders-tab';
export { PendingOrdersTab } from './pending-orders-tab';
