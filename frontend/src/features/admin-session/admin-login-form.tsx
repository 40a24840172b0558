import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState, type MouseEvent } from 'react';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { INVALID_TWO_FACTOR_CODE, TWO_FACTOR_CODE_REQUIRED, useLoginAdmin, type AdminLoginRequest } from './api/login-admin';
import { useRequestPasswordReset } from './api/request-password-reset';
import './admin-login-form.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface AdminLoginFormProps {
  onLoggedIn: (token: string) => void;
}

interface LoginValues {
  email?: string;
  password: string;
  code?: string;
}

export const ADMIN_PASSWORD_REQUIRED = 'Admin password required';
export const PASSWORD_REQUIRED = 'Password required';
export const CODE_LABEL = 'Code from your authenticator app (or a recovery code)';
export const FORGOT_PASSWORD = 'Forgot your password?';

/**
 * What to tell the person when signing in fails: the server's own words (a wrong e-mail or password, too many
 * tries), "Invalid admin password" for a refusal that says nothing more, or no connection.
 */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 && error.code === undefined ? 'Invalid admin password' : errorMessage(error);
  return 'Failed to authenticate';
}

/** The request as the server takes it: no e-mail for the owner's admin password, the code only once it was asked for. */
export function loginRequest(values: LoginValues, codeAsked: boolean): AdminLoginRequest {
  const email = values.email?.trim() ?? '';
  // "123 456" as some apps show it: the server takes the six digits (or a recovery code) without spaces.
  const code = values.code?.replace(/\s+/g, '') ?? '';
  return {
    ...(email === '' ? {} : { email }),
    password: values.password,
    ...(codeAsked && code !== '' ? { code } : {}),
  };
}

/**
 * Signing in: an e-mail and password (the owner may leave the e-mail empty and use the admin password, as before
 * staff accounts), then, for a person with two-factor codes on, the code the server asked for, sent with the same
 * e-mail and password. "Forgot your password?" asks for a reset link instead.
 */
export function AdminLoginForm({ onLoggedIn }: AdminLoginFormProps) {
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  return (
    <main id="main-content" className="page admin-login">
      <PageMeta title="Admin Access" noindex />
      <Card className="admin-login__card">
        <div className="admin-login__icon" aria-hidden>
          <LockOutlined aria-hidden />
        </div>
        <h1 className="admin-login__title">Admin Access</h1>
        {view === 'sign-in' ? (
          <SignInForm onLoggedIn={onLoggedIn} onForgot={() => setView('forgot')} />
        ) : (
          <PasswordResetRequest onBack={() => setView('sign-in')} />
        )}
      </Card>
    </main>
  );
}

function SignInForm({ onLoggedIn, onForgot }: AdminLoginFormProps & { onForgot: () => void }) {
  const [form] = Form.useForm<LoginValues>();
  const login = useLoginAdmin();
  const toast = useToast();
  // The server's words asking for the code; null until it asks (the password was right and the person uses codes).
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  const typedEmail = Form.useWatch('email', form) ?? '';
  const ownerPassword = typedEmail.trim() === '';

  const submit = (values: LoginValues) => {
    login.mutate(loginRequest(values, codeAsked !== null), {
      onSuccess: ({ token }) => {
        toast.success('Admin access granted');
        onLoggedIn(token);
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        if (code === TWO_FACTOR_CODE_REQUIRED) {
          // The e-mail and password stay: the same ones go again with the code.
          setCodeAsked(errorMessage(error));
          return;
        }
        if (code === INVALID_TWO_FACTOR_CODE) {
          form.setFields([{ name: 'code', value: '', errors: [errorMessage(error)] }]);
          return;
        }
        toast.error(loginFailureMessage(error));
        form.setFieldValue('password', '');
      },
    });
  };

  const forgot = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onForgot();
  };

  return (
    <>
      <p className="admin-login__subtitle">Enter admin password to continue</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        noValidate
        // Another e-mail is another person: their codes, if any, are asked for afresh.
        onValuesChange={(changed: Partial<LoginValues>) => {
          if ('email' in changed) setCodeAsked(null);
        }}
      >
        <Form.Item
          label="E-mail"
          name="email"
          extra="The owner may leave it empty and use the admin password."
          rules={[{ type: 'email', message: 'Enter your e-mail address, or leave it empty for the admin password' }]}
        >
          <Input type="email" autoComplete="username" inputMode="email" autoFocus placeholder="you@example.com" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, whitespace: true, message: ownerPassword ? ADMIN_PASSWORD_REQUIRED : PASSWORD_REQUIRED }]}
        >
          <Input.Password autoComplete="current-password" placeholder={ownerPassword ? 'Admin password' : 'Your password'} />
        </Form.Item>
        {codeAsked === null ? null : (
          <>
            <p className="admin-login__step" role="status">
              {codeAsked}
            </p>
            <Form.Item
              label={CODE_LABEL}
              name="code"
              rules={[{ required: true, whitespace: true, message: 'Enter the code from your app, or a recovery code' }]}
            >
              <Input autoComplete="one-time-code" autoFocus autoCapitalize="off" spellCheck={false} maxLength={32} />
            </Form.Item>
          </>
        )}
        {/* "Access Admin Panel" with the admin password, as it always was; "Sign in" as a person of the staff. */}
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
          {login.isPending ? 'Authenticating...' : ownerPassword ? 'Access Admin Panel' : 'Sign in'}
        </Button>
      </Form>
      <p className="admin-login__forgot">
        <a href="#forgot-password" onClick={forgot}>
          {FORGOT_PASSWORD}
        </a>
      </p>
    </>
  );
}

/** "Forgot your password?": the e-mail to send a reset link to, and the server's answer (the same whoever asks). */
function PasswordResetRequest({ onBack }: { onBack: () => void }) {
  const [form] = Form.useForm<{ email: string }>();
  const request = useRequestPasswordReset();
  const [answer, setAnswer] = useState<string | null>(null);

  const submit = ({ email }: { email: string }) =>
    request.mutate(email.trim(), {
      onSuccess: ({ message }) => setAnswer(message),
      onError: (error) =>
        form.setFields([
          {
            name: 'email',
            errors: [error instanceof ApiError ? errorMessage(error) : 'The reset link could not be asked for. Try again.'],
          },
        ]),
    });

  return (
    <section id="forgot-password" aria-labelledby="forgot-password-title">
      <h2 id="forgot-password-title" className="admin-login__subtitle admin-login__subtitle--heading">
        Reset your password
      </h2>
      {answer === null ? (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} noValidate>
          <p className="admin-login__step">Enter the e-mail address you sign in with: a link to choose a new password is e-mailed to it.</p>
          <Form.Item
            label="E-mail"
            name="email"
            rules={[
              { required: true, whitespace: true, message: 'Enter your e-mail address' },
              { type: 'email', message: 'Enter an e-mail address' },
            ]}
          >
            <Input type="email" autoComplete="username" inputMode="email" autoFocus placeholder="you@example.com" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={request.isPending}>
            Send reset link
          </Button>
        </Form>
      ) : (
        <Alert type="success" showIcon role="status" title={answer} />
      )}
      <Button type="link" className="admin-login__back" onClick={onBack}>
        Back to sign in
      </Button>
    </section>
  );
}
