/** What other parts of the server use from orders. */
export { SearchOrdersQuery, type OrderSearchPage } from './order-list/search-orders.query';
