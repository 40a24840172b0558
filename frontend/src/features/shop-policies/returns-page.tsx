import { PolicyPage } from './policy-page';

/** `/returns`: what the shop does when something is wrong, under the Australian Consumer Law. */
export function ReturnsPage({
  path,
  orderStatusHref,
  shopEmail,
}: {
  path: string;
  orderStatusHref: string;
  shopEmail: string | undefined;
}) {
  const write = shopEmail ? <a href={`mailto:${shopEmail}`}>{shopEmail}</a> : 'us';
  return (
    <PolicyPage
      title="Returns & refunds"
      description="If a can arrives damaged, faulty or not what you ordered, we put it right: a replacement or your money back."
      path={path}
    >
      <h2>Damaged, faulty or wrong</h2>
      <p>
        Write to {write} within 7 days of delivery with your order number and a photo of the cans. We send replacements or refund those
        cans, and the shipping if the whole order was wrong. You do not need to send anything back.
      </p>

      <h2>Changing your mind</h2>
      <p>
        Before your order is packed, we can cancel it and refund it in full: write to {write} with your order number. Once it has left the
        brewery we cannot take beer back for a change of mind, as we cannot resell it.
      </p>

      <h2>How refunds are paid</h2>
      <p>
        Refunds go back to the card you paid with. Your bank usually shows them within 5-10 business days. The{' '}
        <a href={orderStatusHref}>order status</a> page shows what has been refunded on your order.
      </p>

      <h2>Your rights</h2>
      <p>Our goods come with guarantees that cannot be excluded under the Australian Consumer Law. Nothing on this page limits them.</p>
    </PolicyPage>
  );
}
