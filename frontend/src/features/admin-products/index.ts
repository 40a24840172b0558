export { ProductsTab } from './products-tab';
