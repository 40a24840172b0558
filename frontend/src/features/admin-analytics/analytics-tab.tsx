import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { BooksCard } from './books-card';
import { DailyEmailCard } from './daily-email-card';
import { SalesReportCard } from './sales-report-card';
import { StockEmailCard } from './stock-email-card';
import { StockLevelsCard } from './stock-levels-card';
import './analytics-tab.css';

/**
 * The Analytics tab (`reports`). Stock from a supplier's e-mail changes products (`products.manage`), and the CSV
 * exports are customer data (`exports`): each shows only to a role that may use it.
 */
export function AnalyticsTab() {
  const { may } = useAdminPermissions();
  return (
    <div className="analytics">
      <div className="analytics__row">
        <DailyEmailCard />
        {may('products.manage') ? <StockEmailCard /> : null}
      </div>
      <SalesReportCard />
      <BooksCard />
      <StockLevelsCard />
    </div>
  );
}
