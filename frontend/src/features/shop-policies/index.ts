export { DeliveryPage } from './delivery-page';
export { ReturnsPage } from './returns-page';
export { PrivacyPage } from './privacy-page';
