export { OrderStatusPage } from './order-status-page';
