import { sellableStockLevel } from '@brewery/shop-rules';
import type { StockLevel } from '@brewery/shop-rules';
import { Card, Empty, Skeleton, Tag } from 'antd';
import { useStockLevels } from './api/get-stock-levels';

function levelColor(level: StockLevel): string {
  switch (level) {
    case 'CRITICAL':
      return 'red';
    case 'LOW':
      return 'orange';
    case 'OK':
      return 'green';
  }
}

export function StockLevelsCard() {
  const { data, isPending, isError } = useStockLevels();
  return (
    <Card title="Current Stock Levels" size="small">
      {isPending ? (
        <Skeleton active />
      ) : isError ? (
        <Empty description="Failed to load stock levels" />
      ) : data.length === 0 ? (
        <Empty description="No products yet" />
      ) : (
        <ul className="analytics__stock-grid" aria-label="Stock levels">
          {data.map((row) => {
            const level = sellableStockLevel(row);
            return (
              <li key={row.productId} className={`analytics__stock-card analytics__stock-card--${level.toLowerCase()}`}>
                <div className="analytics__stock-name">{row.name}</div>
                <div className="analytics__stock-count">
                  <strong>{row.inventory}</strong> cans
                </div>
                <div className="analytics__stock-reserved">
                  {Math.max(0, row.available)} available{row.reserved > 0 ? ` · ${row.reserved} reserved` : ''}
                </div>
                <Tag color={levelColor(level)}>{level}</Tag>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
