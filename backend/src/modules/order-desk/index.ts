/** What other parts of the server may use from the order desk: the order list read model and its search, and the order status look-up. */
export { OrderDeskModule } from './order-desk.module';
export { SearchOrdersQuery } from './order-list/search-orders.query';
export { ORDERS, type OrderDoc } from './order-list/order-list.projection';
export {
  ORDER_SEARCH_PAGE_SIZES,
  ORDER_SEARCH_SORTS,
  orderSearchQuery,
  parseOrderSearch,
  type RawOrderSearch,
} from './order-list/order-search';
export { OrderStatusLookup } from './order-status/order-status.service';
