import type { ClubMemberView, ClubPayment, ClubShareView } from '@brewery/shop-rules';
import { Alert, Button, Card, Form, Modal, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import {
  cardWords,
  MEMBER_STATUS_COLOURS,
  MEMBER_STATUS_WORDS,
  planPrice,
  planRhythm,
  retryDaysWords,
  SHARE_STATUS_COLOURS,
  SHARE_STATUS_SENTENCES,
  SHARE_STATUS_WORDS,
} from '@/shared/format/club-status';
import { money } from '@/shared/format/money';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useNow } from '@/shared/catalog/use-now';
import { PageMeta } from '@/shared/ui/page-meta';
import { rememberMemberToken } from '@/shared/club-member/club-member-store';
import { useToast } from '@/shared/ui/toast/use-toast';
import {
  useCancelMembership,
  useChangeDetails,
  useMembership,
  useNewCard,
  usePauseMembership,
  usePayRun,
  useResumeMembership,
  useSkipRun,
  useUnskipRun,
  type MemberWatch,
} from './api/club';
import { CardSettling, CardStep } from './card-step';
import { ClubDetailsTexts, deliveryNote, detailsOf, refusedDetailFields, valuesOf, type ClubDetailsValues } from './club-details';
import { ClubDetailsForm } from './club-details-form';
import { canPayNow, canSkip, canUndoSkip, cardUpdated, isLive, pauseAction, SETTLE_WAIT_MS, sharePaid, statusNote } from './club-rules';
import './club-page.css';

export const MANAGE_TITLE = 'Your club membership';
export const NO_TOKEN_TEXT =
  'This page opens from the link in your club e-mails (or the one shown when you joined). Please use that link to manage your membership.';
export const BAD_TOKEN_TEXT =
  'This link does not open a membership. Please use the latest link from your club e-mails, or ask us at the cellar door.';

export interface ClubManagePageProps {
  clubHref: string;
}

/** `/club/manage?token=…`: the member's own page, opened from the link in their club e-mails. */
export function ClubManagePage({ clubHref }: ClubManagePageProps) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <main id="main-content" className="page page--narrow club-manage">
      <PageMeta title={MANAGE_TITLE} noindex />
      {token === '' ? <NoMembership text={NO_TOKEN_TEXT} clubHref={clubHref} /> : <Membership token={token} clubHref={clubHref} />}
    </main>
  );
}

function NoMembership({ text, clubHref }: { text: string; clubHref: string }) {
  return (
    <>
      <h1 className="page__title">{MANAGE_TITLE}</h1>
      <Alert type="warning" showIcon className="club-manage__alert" title={text} data-testid="club-manage-missing" />
      <p>
        <Link to={clubHref}>See the beer club’s plans</Link>
      </p>
    </>
  );
}

/** What the page waits for after a card or a payment, said when it comes (or when the wait ends). */
type Watch = MemberWatch & { what: 'card' | 'payment' };

function Membership({ token, clubHref }: { token: string; clubHref: string }) {
  const toast = useToast();
  const [watch, setWatch] = useState<Watch | null>(null);
  const member = useMembership(token, watch);
  // The member's own link makes this browser theirs: beers open to members early can be bought from it.
  useEffect(() => rememberMemberToken(token), [token]);
  const [notice, setNotice] = useState<string | null>(null);
  // What was awaited has come: said once; the page shows the member as they are now.
  const settled = watch !== null && member.data !== undefined && watch.settled(member.data);
  useEffect(() => {
    if (!settled || watch === null) return;
    if (watch.what === 'card') toast.success('Card saved', 'Your new card is used for the next runs.');
    else toast.success('Payment received', 'Thank you: your pack is on its way.');
  }, [settled, watch, toast]);
  useEffect(() => {
    if (watch === null || settled) return;
    const timer = setTimeout(
      () => {
        setWatch(null);
        setNotice(
          watch.what === 'card'
            ? 'Your card is being confirmed: this page shows it as soon as it is. Reload in a minute to see it.'
            : 'Your payment is being confirmed: this page shows it as soon as it is. Reload in a minute to see it.',
        );
      },
      Math.max(0, watch.until - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [watch, settled]);

  const waitFor = (what: Watch['what'], settled: Watch['settled']) => {
    setNotice(null);
    setWatch({ what, settled, until: Date.now() + SETTLE_WAIT_MS });
    void member.refetch();
  };

  if (member.isPending) {
    return (
      <div className="club-manage__loading">
        <Spin size="large" description="Finding your membership" />
      </div>
    );
  }
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    if (missing) return <NoMembership text={BAD_TOKEN_TEXT} clubHref={clubHref} />;
    return (
      <>
        <h1 className="page__title">{MANAGE_TITLE}</h1>
        <Alert
          type="error"
          showIcon
          className="club-manage__alert"
          title="Your membership could not be loaded"
          description={errorMessage(member.error)}
          action={
            <Button size="small" onClick={() => void member.refetch()}>
              Try again
            </Button>
          }
        />
      </>
    );
  }
  return (
    <MemberDetails
      view={member.data}
      token={token}
      clubHref={clubHref}
      waiting={watch !== null && !settled ? watch.what : null}
      notice={notice}
      onCardSaved={(before) => waitFor('card', cardUpdated(before))}
      onPaid={(runId) => waitFor('payment', sharePaid(runId))}
    />
  );
}

interface MemberDetailsProps {
  view: ClubMemberView;
  token: string;
  clubHref: string;
  waiting: Watch['what'] | null;
  notice: string | null;
  onCardSaved: (before: ClubMemberView) => void;
  onPaid: (runId: string) => void;
}

/** "the run of 1 Dec 2026, 9:00 am", naming a run in a button's accessible name. */
const runName = (share: ClubShareView) => `the run of ${perthDateTime(share.chargeAt)}`;

function MemberDetails({ view, token, clubHref, waiting, notice, onCardSaved, onPaid }: MemberDetailsProps) {
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const pause = usePauseMembership();
  const resume = useResumeMembership();
  const cancel = useCancelMembership();
  const skip = useSkipRun();
  const unskip = useUnskipRun();
  const [editing, setEditing] = useState(false);
  const newCard = useNewCard();
  const payRun = usePayRun();
  const [cardOpen, setCardOpen] = useState(false);
  const [paying, setPaying] = useState<string | null>(null);
  // The SetupIntent or the run's payment is opened on the member's click, never by a render.
  const openCard = () => {
    setCardOpen(true);
    newCard.mutate(token);
  };
  const openPayment = (runId: string) => {
    setPaying(runId);
    payRun.mutate({ token, runId });
  };
  const live = isLive(view.status);
  const action = pauseAction(view.status);
  const note = statusNote(view.status);
  const heading = useRef<HTMLHeadingElement>(null);
  const now = useNow(60_000).getTime();

  const failed = (title: string) => (error: unknown) => toast.error(title, errorMessage(error));

  const confirmCancel = () =>
    void modal.confirm({
      title: 'Cancel your membership?',
      className: 'club-manage__confirm',
      content: 'Runs not charged yet are not sent, and your card is no longer charged. You can join again later.',
      okText: 'Cancel membership',
      okButtonProps: { danger: true },
      cancelText: 'Keep my membership',
      onOk: () =>
        cancel
          .mutateAsync({ token })
          .then(() => toast.success('Membership cancelled', 'Nothing more is charged.'), failed('The membership could not be cancelled')),
    });

  const runAction = (share: ClubShareView) => {
    if (canSkip(share, view.status))
      return (
        <Button
          size="small"
          loading={skip.isPending && skip.variables?.runId === share.runId}
          onClick={() =>
            skip.mutate(
              { token, runId: share.runId },
              {
                onSuccess: () => toast.success('Run skipped', 'Nothing is charged or sent for it.'),
                onError: failed('The run could not be skipped'),
              },
            )
          }
          aria-label={`Skip ${runName(share)}`}
        >
          Skip
        </Button>
      );
    if (canUndoSkip(share, view.status, now))
      return (
        <Button
          size="small"
          loading={unskip.isPending && unskip.variables?.runId === share.runId}
          onClick={() =>
            unskip.mutate(
              { token, runId: share.runId },
              {
                onSuccess: () => toast.success('Skip undone', 'This run is charged and sent as usual.'),
                onError: failed('The skip could not be undone'),
              },
            )
          }
          aria-label={`Undo skip of ${runName(share)}`}
        >
          Undo skip
        </Button>
      );
    if (canPayNow(share, view.status) && paying !== share.runId)
      return (
        <Button type="primary" size="small" onClick={() => openPayment(share.runId)} aria-label={`Pay now for ${runName(share)}`}>
          Pay now
        </Button>
      );
    return null;
  };

  return (
    <>
      {modalHolder}
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {MANAGE_TITLE}
      </h1>
      <div className="club-manage__status">
        <Tag color={MEMBER_STATUS_COLOURS[view.status]} className="club-manage__tag" data-testid="club-member-status">
          {MEMBER_STATUS_WORDS[view.status]}
        </Tag>
        <span>
          {view.customer.name} · member since {perthDateTime(view.joinedAt)}
        </span>
      </div>
      {note === null ? null : <p className="club-manage__note">{note}</p>}
      {waiting === null ? null : <CardSettling text={waiting === 'card' ? 'Confirming your card…' : 'Confirming your payment…'} />}
      {notice === null ? null : <Alert type="info" showIcon role="status" className="club-manage__alert" title={notice} />}

      <section className="club-manage__card" aria-labelledby="club-plan-heading">
        <h2 id="club-plan-heading" className="club-manage__subheading">
          Plan
        </h2>
        <p>
          <strong>{view.plan.name}</strong>: {planRhythm(view.plan)} · {planPrice(view.plan)}, GST included
        </p>
        <p>
          {view.fulfilment.method === 'pickup'
            ? ClubDetailsTexts.collectLine
            : `Posted to ${[
                view.customer.addressLine1,
                view.customer.addressLine2,
                view.customer.suburb,
                view.customer.state,
                view.customer.postCode,
              ]
                .filter((part) => part !== undefined && part.trim() !== '')
                .join(', ')}.`}
        </p>
        {live ? (
          <div className="club-manage__actions">
            {action === 'pause' ? (
              <Button
                loading={pause.isPending}
                onClick={() =>
                  pause.mutate(
                    { token },
                    {
                      onSuccess: () => toast.success('Membership paused', 'No runs are charged until you resume.'),
                      onError: failed('The membership could not be paused'),
                    },
                  )
                }
              >
                Pause
              </Button>
            ) : null}
            {action === 'resume' ? (
              <Button
                type="primary"
                loading={resume.isPending}
                onClick={() =>
                  resume.mutate(
                    { token },
                    {
                      onSuccess: () => toast.success('Membership resumed', 'The next runs are charged and sent as usual.'),
                      onError: failed('The membership could not be resumed'),
                    },
                  )
                }
              >
                Resume
              </Button>
            ) : null}
            <Button onClick={() => setEditing(true)} disabled={editing}>
              Change details
            </Button>
            <Button danger onClick={confirmCancel} loading={cancel.isPending}>
              Cancel membership
            </Button>
          </div>
        ) : (
          <p>
            <Link to={clubHref}>Join the club again</Link>
          </p>
        )}
      </section>

      {editing ? <DetailsEditor view={view} token={token} onClose={() => setEditing(false)} /> : null}

      <section className="club-manage__card" aria-labelledby="club-card-heading">
        <h2 id="club-card-heading" className="club-manage__subheading">
          Card
        </h2>
        <p data-testid="club-member-card">{cardWords(view.card)}</p>
        {live && !cardOpen ? (
          <Button onClick={openCard} disabled={waiting !== null}>
            {view.card === null ? 'Add a card' : 'Update card'}
          </Button>
        ) : null}
        {live && cardOpen ? (
          <CardUpdater
            opening={newCard}
            onCancel={() => setCardOpen(false)}
            onSaved={() => {
              setCardOpen(false);
              onCardSaved(view);
            }}
          />
        ) : null}
      </section>

      <section className="club-manage__card" aria-labelledby="club-runs-heading">
        <h2 id="club-runs-heading" className="club-manage__subheading">
          Runs
        </h2>
        {view.runs.length === 0 ? (
          <p>No runs yet: the next one shows here once the brewers have planned it.</p>
        ) : (
          <ul className="club-manage__runs">
            {view.runs.map((share) => (
              <li key={share.runId} className="club-manage__run" data-testid="club-run" data-run-id={share.runId}>
                <div className="club-manage__run-top">
                  <time dateTime={share.chargeAt} className="club-manage__run-date">
                    {perthDateTime(share.chargeAt)}
                  </time>
                  <Tag color={SHARE_STATUS_COLOURS[share.status]} data-testid="club-run-status">
                    {SHARE_STATUS_WORDS[share.status]}
                  </Tag>
                </div>
                <p className="club-manage__run-text">{SHARE_STATUS_SENTENCES[share.status]}</p>
                {share.orderId === null ? null : <p className="club-manage__run-order">Order #{share.orderId}</p>}
                {share.status === 'declined' || share.status === 'needs_authentication' ? (
                  <p className="club-manage__run-tries">
                    {share.lastError === null ? null : <>{share.lastError} </>}
                    {share.nextTryAt === null ? null : <>Next try: {perthDateTime(share.nextTryAt)}. </>}
                    Tries so far: {share.attempts}. We try again {retryDaysWords()}.
                  </p>
                ) : null}
                {share.status === 'past_due' && share.lastError !== null ? (
                  <p className="club-manage__run-tries">{share.lastError}</p>
                ) : null}
                <div className="club-manage__run-actions">{runAction(share)}</div>
                {paying === share.runId ? (
                  <RunPayer
                    opening={payRun}
                    onCancel={() => setPaying(null)}
                    onPaid={() => {
                      setPaying(null);
                      onPaid(share.runId);
                    }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="club-manage__card" aria-labelledby="club-history-heading">
        <h2 id="club-history-heading" className="club-manage__subheading">
          History
        </h2>
        {view.history.length === 0 ? (
          <p>Nothing recorded yet.</p>
        ) : (
          <ol className="club-manage__history">
            {view.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <time dateTime={entry.at}>{perthDateTime(entry.at)}</time> <span>{entry.what}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p>
        <Link to={clubHref}>About the beer club</Link>
      </p>
    </>
  );
}

/** Change details: the form filled from the member's details; what the server refuses shows on its field. */
function DetailsEditor({ view, token, onClose }: { view: ClubMemberView; token: string; onClose: () => void }) {
  const [form] = Form.useForm<ClubDetailsValues>();
  const change = useChangeDetails();
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (values: ClubDetailsValues) => {
    setRefusal(null);
    change.mutate(
      { token, ...detailsOf(values) },
      {
        onSuccess: () => {
          toast.success('Details saved');
          onClose();
        },
        onError: (error) => {
          const refused = refusedDetailFields(error);
          if (refused.length === 0) {
            setRefusal(errorMessage(error));
            return;
          }
          form.setFields(refused.map(([name, message]) => ({ name, errors: [message] })));
          setTimeout(() => form.scrollToField(refused[0]?.[0], { block: 'center', focus: true }), 0);
        },
      },
    );
  };

  return (
    <Card className="club-manage__editor">
      <h2 className="club-manage__subheading" tabIndex={-1} ref={heading}>
        Change details
      </h2>
      {refusal === null ? null : <Alert type="error" showIcon role="alert" className="club-manage__alert" title={refusal} />}
      <ClubDetailsForm
        form={form}
        busy={change.isPending}
        label="Change details"
        submitLabel="Save details"
        initialValues={valuesOf(view)}
        deliveryNote={deliveryNote(view.plan.cans)}
        onSubmit={submit}
        extraActions={
          <Button size="large" onClick={onClose}>
            Cancel
          </Button>
        }
      />
    </Card>
  );
}

/** A new card: the server opened a SetupIntent (on the member's click), the member saves their card with it. */
function CardUpdater({
  opening,
  onSaved,
  onCancel,
}: {
  opening: ReturnType<typeof useNewCard>;
  onSaved: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="club-manage__card-step">
      {opening.isPending ? (
        <Spin description="Opening the card form" />
      ) : opening.isError ? (
        <Alert type="error" showIcon title="The card form could not be opened" description={errorMessage(opening.error)} />
      ) : opening.data === undefined ? null : (
        <CardStep
          intent={{ kind: 'setup', id: opening.data.setupIntentId, clientSecret: opening.data.setupClientSecret }}
          submitLabel="Save card"
          onDone={onSaved}
        />
      )}
      <Button type="link" onClick={onCancel}>
        Keep my current card
      </Button>
    </div>
  );
}

/** Pay a run now: the server opened the run's payment (on the member's click), the member pays it with their card. */
function RunPayer({ opening, onPaid, onCancel }: { opening: ReturnType<typeof usePayRun>; onPaid: () => void; onCancel: () => void }) {
  const payment: ClubPayment | undefined = opening.data;
  return (
    <div className="club-manage__card-step">
      {opening.isPending ? (
        <Spin description="Opening the payment" />
      ) : opening.isError ? (
        <Alert type="error" showIcon title="The payment could not be opened" description={errorMessage(opening.error)} />
      ) : payment === undefined ? null : (
        <>
          <p>
            Amount to pay: <strong data-testid="club-pay-amount">{money(payment.amount)}</strong> (Order #{payment.orderId})
          </p>
          <CardStep
            intent={{ kind: 'payment', id: payment.paymentIntentId, clientSecret: payment.clientSecret }}
            submitLabel={`Pay ${money(payment.amount)}`}
            onDone={onPaid}
          />
        </>
      )}
      <Button type="link" onClick={onCancel}>
        Not now
      </Button>
    </div>
  );
}
