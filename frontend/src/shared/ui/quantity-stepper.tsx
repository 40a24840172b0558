import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { PlainButton } from './plain-button';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  /** What is being counted, e.g. "Quokka Pale Ale 4 Packs"; names the group and both buttons. */
  label: string;
  disabled?: boolean;
  size?: 'small' | 'middle';
}

/** A minus / count / plus stepper, large enough for thumbs and named for screen readers. */
export function QuantityStepper({ value, min, max, onChange, label, disabled = false, size = 'middle' }: QuantityStepperProps) {
  const canDecrease = !disabled && value > min;
  const canIncrease = !disabled && value < max;
  return (
    <div className={`quantity-stepper quantity-stepper--${size}`} role="group" aria-label={label}>
      <PlainButton
        size={size}
        icon={<MinusOutlined aria-hidden />}
        aria-label={`Decrease ${label}`}
        disabled={!canDecrease}
        onClick={() => onChange(Math.max(min, value - 1))}
      />
      <output className="quantity-stepper__value" aria-live="polite" aria-label={`${label}: ${value}`}>
        {value}
      </output>
      <PlainButton
        size={size}
        icon={<PlusOutlined aria-hidden />}
        aria-label={`Increase ${label}`}
        disabled={!canIncrease}
        onClick={() => onChange(Math.min(max, value + 1))}
      />
    </div>
  );
}
