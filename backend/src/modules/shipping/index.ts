/** What other parts of the server may use from shipping. */
export { ShippingModule } from './shipping.module';
export { SHIPPING_LABELS, type ShippingLabelDoc } from './shipping-labels/shipping-labels.projection';
export { labelStreamName } from './domain/label.events';
