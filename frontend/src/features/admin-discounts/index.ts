export { DiscountsTab } from './discounts-tab';
