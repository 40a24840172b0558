import { Alert, Button, Skeleton, Tag } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useEndSession, useSessions, type SessionsOf, type StaffSession } from './api/sessions';

export interface SessionsListProps {
  of: SessionsOf;
  /** The list's accessible name ("My sessions", "Sessions of Paula Pack"). */
  label: string;
}

/** "End the session signed in 25 Nov 2026, 10:46 am (Chrome on Android)": each End button says which session. */
export function endSessionLabel(session: StaffSession): string {
  return `End the session signed in ${perthDateTime(session.signedInAt)} (${session.client})`;
}

/**
 * Live sessions, newest first, each with where it signed in from and until when (Perth time), and End. The session
 * this page uses is marked "This device" and has no End: Log out ends it.
 */
export function SessionsList({ of, label }: SessionsListProps) {
  const sessions = useSessions(of);
  const end = useEndSession();
  const toast = useToast();
  if (sessions.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (sessions.isError)
    return <Alert type="error" showIcon title="The sessions could not be loaded" description={errorMessage(sessions.error)} />;
  const list = sessions.data ?? [];
  if (list.length === 0) return <p className="staff__muted">Not signed in anywhere.</p>;
  return (
    <ul className="staff-sessions" aria-label={label}>
      {list.map((session) => (
        <li key={session.id} className="staff-sessions__item">
          <div className="staff-sessions__what">
            <span className="staff-sessions__client">{session.client}</span> {session.current ? <Tag color="green">This device</Tag> : null}
            <div className="staff__muted">
              Signed in <time dateTime={session.signedInAt}>{perthDateTime(session.signedInAt)}</time> · until{' '}
              <time dateTime={session.expiresAt}>{perthDateTime(session.expiresAt)}</time>
            </div>
          </div>
          {session.current ? null : (
            <Button
              size="small"
              aria-label={endSessionLabel(session)}
              loading={end.isPending && end.variables.sessionId === session.id}
              onClick={() =>
                end.mutate(
                  { of, sessionId: session.id },
                  {
                    onSuccess: () => toast.success('Session ended', `${session.client} is signed out`),
                    onError: (error) => toast.error('The session could not be ended', errorMessage(error)),
                  },
                )
              }
            >
              End
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
