export { OrderBackupsTab } from './order-backups-tab';
