import { Button, Modal } from 'antd';
import { useRef, useState } from 'react';
import { leaveSite } from '@/shared/browser/page-navigation';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import './age-gate.css';

export const UNDERAGE_MESSAGE = 'You must be 18 years or older to access this website.';
export const UNDERAGE_REDIRECT_URL = 'https://www.google.com';

function isAgeVerified(): boolean {
  return localStorage.getItem(STORAGE_KEYS.ageVerified) === 'true';
}

/**
 * The 18+ self-declaration on first visit. It has no close button and ignores the mask and Escape: the
 * visitor must answer.
 */
export function AgeGate() {
  const [verified, setVerified] = useState(isAgeVerified);
  const question = useRef<HTMLSpanElement>(null);

  const confirmAdult = () => {
    localStorage.setItem(STORAGE_KEYS.ageVerified, 'true');
    setVerified(true);
  };

  const refuse = () => {
    window.alert(UNDERAGE_MESSAGE);
    leaveSite(UNDERAGE_REDIRECT_URL);
  };

  return (
    <Modal
      open={!verified}
      closable={false}
      mask={{ closable: false, blur: true }}
      keyboard={false}
      centered
      footer={null}
      width={520}
      // The question is read first and holds focus, so no answer is one Enter away before it is read.
      afterOpenChange={(open) => {
        if (open) question.current?.focus();
      }}
      title={
        <span ref={question} tabIndex={-1} className="age-gate__title">
          Are you 18 or older?
        </span>
      }
      className="age-gate"
    >
      <p className="age-gate__text">
        Our beers are for adults. Under Western Australian law you must be 18 years or older to buy liquor, and someone 18 or older must be
        present to receive every delivery.
      </p>
      <div className="age-gate__actions">
        <Button size="large" onClick={refuse}>
          No, I&apos;m under 18
        </Button>
        <Button size="large" type="primary" onClick={confirmAdult}>
          Yes, I&apos;m 18 or older
        </Button>
      </div>
    </Modal>
  );
}
