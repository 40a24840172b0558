/** What other parts of the server may use from order-money. */
export { OrderMoneyModule } from './order-money.module';
export { RecoverOrder } from './order-backups/recover-order.service';
export { ORDER_BACKUPS, type OrderBackupDoc } from './order-backups/order-backups.projection';
