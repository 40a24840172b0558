import { PlainButton } from '@/shared/ui/plain-button';
import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { focusMainHeading } from '@/shared/browser/main-heading';
import { leaveSite } from '@/shared/browser/page-navigation';
import './age-gate.css';

export const UNDERAGE_MESSAGE = 'You must be 18 years or older to access this website.';
export const UNDERAGE_REDIRECT_URL = 'https://www.google.com';

export interface AgeGateProps {
  onConfirm: () => void;
}

/**
 * The 18+ self-declaration on first visit, drawn in the page's own HTML (the server renders it too, so a
 * first visitor sees the question before any script runs). It has no close button and ignores Escape: the
 * visitor must answer. The page behind it is inert while it shows (the layout sees to that).
 */
export function AgeGate({ onConfirm }: AgeGateProps) {
  const question = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const titleId = useId();
  const textId = useId();

  // The question is read first and holds focus, so no answer is one Enter away before it is read.
  useEffect(() => question.current?.focus(), []);

  const refuse = () => {
    window.alert(UNDERAGE_MESSAGE);
    leaveSite(UNDERAGE_REDIRECT_URL);
  };

  return (
    <div className="age-gate">
      <section className="age-gate__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId}>
        <h2 ref={question} id={titleId} tabIndex={-1} className="age-gate__title">
          Are you 18 or older?
        </h2>
        <p id={textId} className="age-gate__text">
          Our beers are for adults. Under Western Australian law you must be 18 years or older to buy liquor, and someone 18 or older must
          be present to receive every delivery.
        </p>
        {/* A form, so that an answer given before the page's script arrives still counts (the server sets the cookie). */}
        <form className="age-gate__actions" method="post" action="/age-check">
          <input type="hidden" name="return" value={`${location.pathname}${location.search}`} />
          <PlainButton
            size="large"
            htmlType="submit"
            name="answer"
            value="minor"
            onClick={(event) => {
              event.preventDefault();
              refuse();
            }}
          >
            No, I&apos;m under 18
          </PlainButton>
          <PlainButton
            size="large"
            variant="primary"
            htmlType="submit"
            name="answer"
            value="adult"
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
              // The gate is gone and the page no longer inert: focus goes to the page, not back to the document.
              window.requestAnimationFrame(() => focusMainHeading());
            }}
          >
            Yes, I&apos;m 18 or older
          </PlainButton>
        </form>
      </section>
    </div>
  );
}
