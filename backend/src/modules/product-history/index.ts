/** What other parts of the server may use from product-history. */
export { ProductHistoryModule } from './product-history.module';
export { describeProductEvent } from './product-timeline';
