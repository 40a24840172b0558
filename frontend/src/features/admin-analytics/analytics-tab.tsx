import { BooksCard } from './books-card';
import { DailyEmailCard } from './daily-email-card';
import { SalesReportCard } from './sales-report-card';
import { StockEmailCard } from './stock-email-card';
import { StockLevelsCard } from './stock-levels-card';
import './analytics-tab.css';

export function AnalyticsTab() {
  return (
    <div className="analytics">
      <div className="analytics__row">
        <DailyEmailCard />
        <StockEmailCard />
      </div>
      <SalesReportCard />
      <BooksCard />
      <StockLevelsCard />
    </div>
  );
}
