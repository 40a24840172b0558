import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { PageMeta } from '@/shared/ui/page-meta';
import { useChoosePassword, type PasswordLinkKind } from './api/choose-password';
import './admin-login-form.css';

/** The server's rule, said before it is checked there: 12 characters or more, and not a common password. */
export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password. A few words you will remember make a good one.`;

const TEXTS: Readonly<Record<PasswordLinkKind, { intro: string; done: string }>> = {
  invite: {
    intro: 'You were invited to the shop’s admin. Choose the password you will sign in with, with your e-mail address.',
    done: 'Your password is set. Sign in with your e-mail address and this password.',
  },
  reset: {
    intro: 'Choose a new password. Once it is set, every device signed in to your account is signed out.',
    done: 'Your new password is set. Sign in with your e-mail address and this password.',
  },
};

export interface ChoosePasswordPageProps {
  kind: PasswordLinkKind;
  /** The link's `?token=`; null when the address has none (a link cut short). */
  token: string | null;
  /** Where to sign in once the password is set (the admin). */
  signInHref: string;
}

interface PasswordValues {
  password: string;
  confirm: string;
}

/**
 * An e-mailed link's page (`/admin/accept-invite`, `/admin/reset-password`): choose a password, typed twice. The
 * length is checked here; the rest (a common password) by the server, whose reason shows on the field. A link
 * that is unknown, used or expired gets the server's words and what to do.
 */
export function ChoosePasswordPage({ kind, token: linkToken, signInHref }: ChoosePasswordPageProps) {
  const token = linkToken === null || linkToken.trim() === '' ? null : linkToken;
  const [form] = Form.useForm<PasswordValues>();
  const choose = useChoosePassword();
  const [done, setDone] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);

  const submit = ({ password }: PasswordValues) => {
    if (token === null) return;
    setLinkProblem(null);
    choose.mutate(
      { kind, token, password },
      {
        onSuccess: () => setDone(true),
        onError: (error) => {
          const field = error instanceof ApiError ? error.fields.password : undefined;
          if (field !== undefined) form.setFields([{ name: 'password', errors: [field] }]);
          else
            setLinkProblem(
              error instanceof ApiError ? errorMessage(error) : 'The password could not be saved. Check your connection and try again.',
            );
        },
      },
    );
  };

  return (
    <main id="main-content" className="page admin-login">
      {/* A page of one person's link: never in search results. */}
      <PageMeta title="Choose your password" noindex />
      <Card className="admin-login__card">
        <div className="admin-login__icon" aria-hidden>
          <KeyOutlined aria-hidden />
        </div>
        <h1 className="admin-login__title">Choose your password</h1>
        {done ? (
          <div className="admin-login__done">
            <Alert type="success" showIcon role="status" title={TEXTS[kind].done} />
            <p className="admin-login__forgot">
              <Link to={signInHref}>Sign in to the admin</Link>
            </p>
          </div>
        ) : token === null ? (
          <div className="admin-login__done">
            <Alert
              type="error"
              showIcon
              title="This link is not complete"
              description="Open the link from the e-mail again, or copy the whole of it into the address bar."
            />
            <p className="admin-login__forgot">
              <Link to={signInHref}>Go to the admin sign-in</Link>
            </p>
          </div>
        ) : (
          <>
            <p className="admin-login__subtitle">{TEXTS[kind].intro}</p>
            {linkProblem === null ? null : <Alert className="admin-login__problem" type="error" showIcon title={linkProblem} />}
            <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} noValidate>
              <Form.Item
                label="Password"
                name="password"
                extra={PASSWORD_RULE}
                rules={[
                  { required: true, message: 'Choose a password' },
                  { min: MIN_PASSWORD_LENGTH, message: `Use at least ${MIN_PASSWORD_LENGTH} characters` },
                ]}
              >
                <Input.Password autoComplete="new-password" autoFocus />
              </Form.Item>
              <Form.Item
                label="Confirm password"
                name="confirm"
                dependencies={['password']}
                rules={[
                  { required: true, message: 'Type the password again' },
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) =>
                      value === undefined || value === '' || value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error('The two passwords are not the same')),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={choose.isPending}>
                Set password
              </Button>
            </Form>
            {linkProblem === null ? null : (
              <p className="admin-login__forgot">
                <Link to={signInHref}>Go to the admin sign-in</Link>
              </p>
            )}
          </>
        )}
      </Card>
    </main>
  );
}
