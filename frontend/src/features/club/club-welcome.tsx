import type { ClubMemberView } from '@brewery/shop-rules';
import { Card } from 'antd';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { cardWords, planPrice, planRhythm } from '@/shared/format/club-status';
import { ClubDetailsTexts } from './club-details';

/** "You're in the club, Alex!" (the first word of the name; none when the name is blank). */
export function welcomeTitle(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return first === '' ? 'You’re in the club!' : `You’re in the club, ${first}!`;
}

export interface ClubWelcomeProps {
  member: ClubMemberView;
  manageHref: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The member is in: their plan, what happens next, and the link to their own club page. */
export function ClubWelcome({ member, manageHref, headingRef }: ClubWelcomeProps) {
  const { plan, customer } = member;
  const address = [customer.addressLine1, customer.addressLine2, customer.suburb, customer.state, customer.postCode]
    .filter((part): part is string => part !== undefined && part.trim() !== '')
    .join(', ');
  return (
    <Card className="club__step club-welcome" data-testid="club-welcome">
      <h2 className="club__step-title" tabIndex={-1} ref={headingRef}>
        {welcomeTitle(customer.name)}
      </h2>
      <p className="club-welcome__plan">
        <strong>{plan.name}</strong>: {planRhythm(plan)} · {planPrice(plan)}, GST included
      </p>
      <p>Your card ({cardWords(member.card)}) is saved for the club.</p>
      <h3 className="club-welcome__next">What happens next</h3>
      <ul className="club-welcome__steps">
        <li>On each run’s day we charge your card and put your pack together.</li>
        <li>
          {member.fulfilment.method === 'pickup' ? ClubDetailsTexts.collectLine : `Your pack is posted to ${address || 'your address'}.`}
        </li>
        <li>Skip a run, pause, change your details or your card, or cancel, any time from your club page.</li>
        <li>Your club e-mails to {customer.email} carry the link to your club page: keep them, or bookmark the page.</li>
      </ul>
      <Link to={manageHref} className="club__manage-link" data-testid="club-manage-link">
        Manage my membership
      </Link>
    </Card>
  );
}
