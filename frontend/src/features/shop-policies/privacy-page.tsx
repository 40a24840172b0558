import { PolicyPage } from './policy-page';

/** `/privacy`: what the shop keeps about a customer, why, and who sees it. */
export function PrivacyPage({ path, brandName, shopEmail }: { path: string; brandName: string; shopEmail: string | undefined }) {
  const write = shopEmail ? <a href={`mailto:${shopEmail}`}>{shopEmail}</a> : 'us';
  const brand = brandName === '' ? 'We' : brandName;
  return (
    <PolicyPage title="Privacy" description={`${brand} keeps only what it needs to deliver your beer, and never sells it.`} path={path}>
      <h2>What we keep</h2>
      <ul>
        <li>Your name, e-mail address, phone number and delivery address, to deliver your order and tell you how it is going.</li>
        <li>What you ordered and paid, which the law asks us to keep for tax records.</li>
        <li>
          A cookie that keeps your checkout&apos;s hold on its cans, and a hash of your network address, so one visitor cannot hold every
          can of a release. Neither is kept in a form that names you.
        </li>
        <li>Your answer to &ldquo;Are you 18 or older?&rdquo; and your pack, in your own browser.</li>
      </ul>

      <h2>What we never see</h2>
      <p>Your card details go straight to our payment provider, Stripe. We never see or keep them.</p>

      <h2>Who else sees it</h2>
      <ul>
        <li>Stripe, to take the payment.</li>
        <li>Australia Post, who deliver your order: your name, address and phone number.</li>
      </ul>
      <p>We do not sell or share your details with anyone else, and we send no marketing unless you ask for it.</p>

      <h2>Your choices</h2>
      <p>
        You can ask to see or correct what we keep about you, or to delete it once we no longer need it for your order or for tax records:
        write to {write}. We handle personal information under the Australian Privacy Principles.
      </p>
    </PolicyPage>
  );
}
