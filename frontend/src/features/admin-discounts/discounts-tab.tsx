import { Alert, Skeleton } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useDiscountBeers, useDiscountCodes } from './api/discount-codes';
import { DiscountCodeForm } from './discount-code-form';
import { DiscountCodesTable } from './discount-codes-table';
import './discounts.css';

/** The Discounts tab (owners and managers): a new code, and every code with its uses, revenue, history and Disable. */
export function DiscountsTab() {
  const codes = useDiscountCodes();
  const beers = useDiscountBeers();
  const names = new Map((beers.data ?? []).map((beer) => [beer.id, beer.name]));
  const beerName = (id: string) => names.get(id) ?? id;
  return (
    <section className="discounts" aria-labelledby="discounts-title">
      <header className="discounts__header">
        <h2 id="discounts-title" className="discounts__title">
          Discount codes
        </h2>
        <p className="discounts__muted">Codes customers type at checkout, what they take off, and how they have been used.</p>
      </header>
      <DiscountCodeForm />
      {codes.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : codes.isError ? (
        <Alert type="error" showIcon title="The codes could not be loaded" description={errorMessage(codes.error)} />
      ) : (
        <DiscountCodesTable codes={codes.data} beerName={beerName} readAt={codes.dataUpdatedAt} />
      )}
    </section>
  );
}
