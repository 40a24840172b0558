import type { ClubPlanView, JoinClubResponse } from '@brewery/shop-rules';
import { Alert, Button, Card, Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useConfig } from '@/shared/api/config/get-config';
import { planPrice, planRhythm } from '@/shared/format/club-status';
import { SkeletonLines } from '@/shared/ui/plain-ui';
import { PageMeta } from '@/shared/ui/page-meta';
import { useMembership, useClubPlans, useJoinClub, type MemberWatch } from './api/club';
import { CardSettling, CardStep } from './card-step';
import { deliveryNote, detailsOf, refusedDetailFields, type ClubDetailsValues } from './club-details';
import { ClubDetailsForm } from './club-details-form';
import { joined, SETTLE_WAIT_MS } from './club-rules';
import { ClubWelcome } from './club-welcome';
import './club-page.css';

export interface ClubPageProps {
  /** The member's own page for a token (`/club/manage?token=…`). */
  manageHref: (token: string) => string;
}

export const CLUB_TITLE = 'The beer club';
export const CLUB_DESCRIPTION =
  'A mixed pack of our beers every month or quarter, picked by the brewers: delivered to your door or collected at the cellar door.';
export const NO_PLANS_TEXT = 'No plans are open to join just now. Please check back soon.';
export const CARD_PENDING_TEXT = 'Your card is being confirmed.';

type Stage =
  | { kind: 'plans' }
  | { kind: 'details'; plan: ClubPlanView; values?: ClubDetailsValues }
  | { kind: 'card'; plan: ClubPlanView; values: ClubDetailsValues; joined: JoinClubResponse }
  | { kind: 'confirming'; plan: ClubPlanView; joined: JoinClubResponse; until: number }
  | { kind: 'pending'; plan: ClubPlanView; token: string };

/**
 * `/club`: the plans as cards; choosing one opens the join form on the same page (details, delivery or cellar-door
 * pickup), then the card to save for the charges, then the welcome once the server has recorded the card.
 */
export function ClubPage({ manageHref }: ClubPageProps) {
  const plans = useClubPlans();
  const brand = useConfig().data?.brandName ?? '';
  const join = useJoinClub();
  const [form] = Form.useForm<ClubDetailsValues>();
  const [stage, setStage] = useState<Stage>({ kind: 'plans' });
  /** A refusal of the join that is about no one field (already a member, the plan withdrawn, the shop unreachable). */
  const [refusal, setRefusal] = useState<string | null>(null);

  // After the card is saved, the server activates the member through its webhook: the page asks until it has, and
  // welcomes them then; past the wait it says the card is being confirmed.
  const confirming = stage.kind === 'confirming' ? stage : null;
  const watch: MemberWatch | null = confirming === null ? null : { settled: joined, until: confirming.until };
  const member = useMembership(confirming?.joined.manageToken ?? null, watch);
  const welcomed = confirming !== null && member.data !== undefined && joined(member.data) ? member.data : null;
  const isWelcomed = welcomed !== null;
  useEffect(() => {
    if (confirming === null || isWelcomed) return;
    const timer = setTimeout(
      () => setStage({ kind: 'pending', plan: confirming.plan, token: confirming.joined.manageToken }),
      Math.max(0, confirming.until - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [confirming, isWelcomed]);

  // Each step, as it comes, takes the focus on its heading (and comes into view below the sticky header).
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = isWelcomed ? 'welcome' : stage.kind === 'details' ? `details ${stage.plan.planId}` : stage.kind;
  const lastStep = useRef(shownStep);
  useEffect(() => {
    if (lastStep.current === shownStep) return;
    lastStep.current = shownStep;
    const heading = stepHeading.current;
    if (heading === null) return;
    if (typeof heading.scrollIntoView === 'function') heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  }, [shownStep]);

  const choose = (plan: ClubPlanView) => {
    setRefusal(null);
    join.reset();
    // Another plan keeps the details typed so far (the form stays as it is).
    setStage({ kind: 'details', plan, values: stage.kind === 'details' ? stage.values : undefined });
  };

  const submitDetails = (plan: ClubPlanView, values: ClubDetailsValues) => {
    setRefusal(null);
    const { customerInfo, fulfilment } = detailsOf(values);
    join.mutate(
      { planId: plan.planId, customerInfo, fulfilment },
      {
        onSuccess: (answer) => setStage({ kind: 'card', plan, values, joined: answer }),
        onError: (error) => {
          const refused = refusedDetailFields(error);
          if (refused.length > 0) {
            form.setFields(refused.map(([name, message]) => ({ name, errors: [message] })));
            setTimeout(() => form.scrollToField(refused[0]?.[0], { block: 'center', focus: true }), 0);
            return;
          }
          if (error instanceof ApiError && error.code === 'already_a_member') {
            form.setFields([{ name: 'email', errors: ['This e-mail address is already a member.'] }]);
          }
          if (error instanceof ApiError && error.code === 'club_plan_not_found') {
            void plans.refetch();
            setRefusal('That plan is no longer offered. Please choose another one.');
            return;
          }
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  const showPlans = stage.kind === 'plans' || stage.kind === 'details';
  const chosen = stage.kind === 'details' ? stage.plan.planId : null;

  return (
    <main id="main-content" className="page club">
      <PageMeta title={brand ? `${CLUB_TITLE} | ${brand}` : CLUB_TITLE} description={CLUB_DESCRIPTION} path="/club" />
      <header className="club__header">
        <h1 className="page__title">{CLUB_TITLE}</h1>
        <p className="club__lede">{CLUB_DESCRIPTION}</p>
      </header>

      {showPlans ? (
        <section aria-labelledby="club-plans-title" className="club__plans">
          <h2 id="club-plans-title" className="club__section-title">
            Choose a plan
          </h2>
          {plans.isPending ? (
            <div className="club__grid" aria-busy="true" aria-label="Loading plans">
              {[0, 1].map((index) => (
                <div key={index} className="club-plan club-plan--loading">
                  <SkeletonLines rows={4} />
                </div>
              ))}
            </div>
          ) : plans.isError ? (
            <Alert type="error" showIcon title="The plans could not be loaded" description={errorMessage(plans.error)} />
          ) : plans.data.length === 0 ? (
            <p className="club__empty" data-testid="club-no-plans">
              {NO_PLANS_TEXT}
            </p>
          ) : (
            <ul className="club__grid">
              {plans.data.map((plan) => (
                <li key={plan.planId}>
                  <PlanCard plan={plan} chosen={chosen === plan.planId} onChoose={() => choose(plan)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {stage.kind === 'details' ? (
        <Card className="club__step" data-testid="club-join">
          <h2 className="club__step-title" tabIndex={-1} ref={stepHeading}>
            Join {stage.plan.name}
          </h2>
          <p className="club__step-plan">
            {planRhythm(stage.plan)} · {planPrice(stage.plan)}, GST included
          </p>
          {refusal !== null ? (
            <Alert type="error" showIcon role="alert" className="club__refusal" title={refusal} data-testid="club-join-refusal" />
          ) : null}
          <ClubDetailsForm
            form={form}
            busy={join.isPending}
            label="Your details"
            submitLabel="Continue to card"
            initialValues={stage.values}
            deliveryNote={deliveryNote(stage.plan.cans)}
            onSubmit={(values) => submitDetails(stage.plan, values)}
          />
        </Card>
      ) : null}

      {stage.kind === 'card' ? (
        <Card className="club__step" data-testid="club-card">
          <h2 className="club__step-title" tabIndex={-1} ref={stepHeading}>
            Your card
          </h2>
          <p className="club__step-plan">
            {stage.plan.name}: {planRhythm(stage.plan)} · {planPrice(stage.plan)}, GST included
          </p>
          <p>
            Your card is saved for the club, not charged now: each run is charged on its day. You can skip a run, pause or cancel any time.
          </p>
          <CardStep
            intent={{ kind: 'setup', id: stage.joined.setupIntentId, clientSecret: stage.joined.setupClientSecret }}
            submitLabel="Save card and join"
            onDone={() => setStage({ kind: 'confirming', plan: stage.plan, joined: stage.joined, until: Date.now() + SETTLE_WAIT_MS })}
          />
          <Button type="link" className="club__back" onClick={() => setStage({ kind: 'details', plan: stage.plan, values: stage.values })}>
            Edit my details
          </Button>
        </Card>
      ) : null}

      {stage.kind === 'confirming' && welcomed === null ? (
        <Card className="club__step">
          <CardSettling text="Confirming your card…" />
        </Card>
      ) : null}

      {stage.kind === 'confirming' && welcomed !== null ? (
        <ClubWelcome member={welcomed} manageHref={manageHref(stage.joined.manageToken)} headingRef={stepHeading} />
      ) : null}

      {stage.kind === 'pending' ? (
        <Card className="club__step" data-testid="club-card-pending">
          <h2 className="club__step-title" tabIndex={-1} ref={stepHeading}>
            {CARD_PENDING_TEXT}
          </h2>
          <p>
            Your card is saved and we are confirming it: this can take a minute. Your membership of {stage.plan.name} starts as soon as it
            is confirmed. Your club page shows where it stands.
          </p>
          <Link to={manageHref(stage.token)} className="club__manage-link">
            Open my club page
          </Link>
        </Card>
      ) : null}
    </main>
  );
}

function PlanCard({ plan, chosen, onChoose }: { plan: ClubPlanView; chosen: boolean; onChoose: () => void }) {
  const titleId = `club-plan-${plan.planId}`;
  return (
    <article className={`club-plan${chosen ? ' club-plan--chosen' : ''}`} aria-labelledby={titleId} data-testid="club-plan">
      <h3 id={titleId} className="club-plan__name">
        {plan.name}
      </h3>
      <p className="club-plan__rhythm">{planRhythm(plan)}</p>
      <p className="club-plan__price">
        <strong>{planPrice(plan)}</strong> <span className="club-plan__gst">GST included</span>
      </p>
      {plan.description.trim() === '' ? null : <p className="club-plan__description">{plan.description}</p>}
      {chosen ? <p className="club-plan__chosen">Your choice: fill in your details below.</p> : null}
      <Button type={chosen ? 'default' : 'primary'} size="large" block onClick={onChoose} className="club-plan__choose">
        Choose {plan.name}
      </Button>
    </article>
  );
}
