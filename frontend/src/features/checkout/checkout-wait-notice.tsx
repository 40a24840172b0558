import { Alert, Button } from 'antd';
import { BusyTexts, tryAgainInText } from './checkout-messages';
import type { CheckoutWait } from './checkout-wait';
import { useSecondsLeft } from './use-seconds-left';

export interface CheckoutWaitNoticeProps {
  wait: CheckoutWait;
  /** Busy only: stop the automatic tries; the details stay as typed. */
  onStop: () => void;
}

/**
 * The countdown while the checkout waits. It is a timer (not announced every second): the page's live
 * region says once what is happening.
 */
export function CheckoutWaitNotice({ wait, onStop }: CheckoutWaitNoticeProps) {
  const seconds = useSecondsLeft(wait.kind === 'busy' ? wait.retryAt : wait.until);

  if (wait.kind === 'busy') {
    return (
      <Alert
        type="warning"
        showIcon
        role="timer"
        className="checkout__wait"
        title={wait.retrying || seconds === 0 ? BusyTexts.retrying : BusyTexts.waiting(seconds)}
        action={
          wait.retrying ? null : (
            <Button size="small" onClick={onStop}>
              {BusyTexts.stop}
            </Button>
          )
        }
      />
    );
  }
  return <Alert type="error" showIcon role="timer" className="checkout__wait" title={wait.message} description={tryAgainInText(seconds)} />;
}
