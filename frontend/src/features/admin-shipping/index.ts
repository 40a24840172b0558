export { ShippingTab } from './shipping-tab';
