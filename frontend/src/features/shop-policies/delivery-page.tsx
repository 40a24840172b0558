import {
  DISPATCH_DAYS,
  LARGE_ORDER_BOX_CENTS,
  PERTH_METRO_FLAT_CENTS,
  PROCESSING_TIME,
  RECEIVER_MIN_AGE,
  SMALL_ORDER_TIERS,
  centsToDollars,
  deliveryTimes,
  formatPrice,
} from '@brewery/shop-rules';
import { PolicyPage } from './policy-page';

const price = (cents: number): string => formatPrice(centsToDollars(cents));

function listOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** `/delivery`: every figure comes from the rules checkout charges and estimates by. */
export function DeliveryPage({ path, orderStatusHref }: { path: string; orderStatusHref: string }) {
  const largest = SMALL_ORDER_TIERS[SMALL_ORDER_TIERS.length - 1]?.upToCans ?? 16;
  return (
    <PolicyPage
      title="Delivery"
      description={`We send our cans from the brewery in Perth to adults across Australia, on ${listOf(DISPATCH_DAYS)}.`}
      path={path}
    >
      <h2>When your order leaves</h2>
      <p>
        Orders are packed within {PROCESSING_TIME} and dispatched on {listOf(DISPATCH_DAYS)}. You get an e-mail with the tracking reference
        when your order ships, and you can follow it on the <a href={orderStatusHref}>order status</a> page.
      </p>

      <h2>What it costs</h2>
      <table>
        <caption className="policy-page__caption">Shipping rates</caption>
        <thead>
          <tr>
            <th scope="col">Where and how many cans</th>
            <th scope="col">Shipping</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Perth metro, any number of cans</td>
            <td>{price(PERTH_METRO_FLAT_CENTS)}</td>
          </tr>
          {SMALL_ORDER_TIERS.map((tier, index) => (
            <tr key={tier.upToCans}>
              <td>
                Elsewhere in Australia,{' '}
                {index === 0 ? `up to ${tier.upToCans}` : `${(SMALL_ORDER_TIERS[index - 1]?.upToCans ?? 0) + 1} to ${tier.upToCans}`} cans
              </td>
              <td>{price(tier.cents)}</td>
            </tr>
          ))}
          <tr>
            <td>Elsewhere in Australia, over {largest} cans: packed in boxes of 16, 8 and 4 cans</td>
            <td>{price(LARGE_ORDER_BOX_CENTS)} a box</td>
          </tr>
        </tbody>
      </table>
      <p>Checkout shows the exact shipping for your address and pack before you pay.</p>

      <h2>How long it takes</h2>
      <table>
        <caption className="policy-page__caption">Delivery times</caption>
        <thead>
          <tr>
            <th scope="col">Delivered to</th>
            <th scope="col">Estimated delivery</th>
          </tr>
        </thead>
        <tbody>
          {deliveryTimes().map((row) => (
            <tr key={row.region}>
              <td>{row.region}</td>
              <td>{row.time}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h2>Who can receive it</h2>
      <ul>
        <li>
          Someone {RECEIVER_MIN_AGE} or older must be present to receive the delivery and sign for it. The driver may ask for ID and will
          not leave the cans unattended.
        </li>
        <li>We deliver to street addresses only: not to PO Boxes, parcel lockers or Parcel Post.</li>
        <li>If nobody can sign, the carrier leaves a card and takes the parcel to a nearby post office for you to collect with ID.</li>
      </ul>
    </PolicyPage>
  );
}
