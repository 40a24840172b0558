/** What other parts of the server may use from reporting. */
export { ReportingModule } from './reporting.module';
export { STOCK_ALERT_EVENT_TYPES, stockAlertStreamName } from './domain/stock-alert';
