import type { PackValidation } from '@brewery/shop-rules';
import { packProgressPercent, shopHelperText } from '@brewery/shop-rules';
import { PlainButton } from '@/shared/ui/plain-button';
import { ProgressBar } from '@/shared/ui/plain-ui';
import './pack-progress-card.css';

export interface PackProgressCardProps {
  validation: PackValidation;
  onCheckout: () => void;
}

/** How far the pack is from a valid size, and the way to checkout once it is one. */
export function PackProgressCard({ validation, onCheckout }: PackProgressCardProps) {
  const percent = packProgressPercent(validation);
  const cans = validation.totalCans;
  return (
    <section className="pack-progress" aria-labelledby="pack-progress-title">
      <div className="pack-progress__text">
        <h2 id="pack-progress-title" className="pack-progress__title">
          Your pack: {cans} {cans === 1 ? 'can' : 'cans'}
        </h2>
        <p className="pack-progress__helper" role="status">
          {shopHelperText(validation)}
        </p>
      </div>
      <ProgressBar className="pack-progress__bar" percent={percent} done={validation.isValid} label="Pack progress" />
      <PlainButton
        variant="accent"
        size="large"
        disabled={!validation.isValid}
        onClick={onCheckout}
        className="pack-progress__checkout"
        aria-label="Proceed to Checkout"
      >
        <span className="pack-progress__checkout-lead">Proceed to </span>Checkout
      </PlainButton>
    </section>
  );
}
