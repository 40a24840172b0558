import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useLoginAdmin } from './api/login-admin';
import './admin-login-form.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface AdminLoginFormProps {
  onLoggedIn: (token: string) => void;
}

interface LoginValues {
  password: string;
}

export const ADMIN_PASSWORD_REQUIRED = 'Admin password required';

/** What to tell the operator when login fails: a wrong password, the server's own words, or no connection. */
export function loginFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 401 ? 'Invalid admin password' : errorMessage(error);
  return 'Failed to authenticate';
}

export function AdminLoginForm({ onLoggedIn }: AdminLoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const login = useLoginAdmin();
  const toast = useToast();

  const submit = ({ password }: LoginValues) => {
    login.mutate(password, {
      onSuccess: ({ token }) => {
        toast.success('Admin access granted');
        onLoggedIn(token);
      },
      onError: (error) => {
        toast.error(loginFailureMessage(error));
        form.setFieldValue('password', '');
      },
    });
  };

  return (
    <main id="main-content" className="page admin-login">
      <PageMeta title="Admin Access" noindex />
      <Card className="admin-login__card">
        <div className="admin-login__icon" aria-hidden>
          <LockOutlined aria-hidden />
        </div>
        <h1 className="admin-login__title">Admin Access</h1>
        <p className="admin-login__subtitle">Enter admin password to continue</p>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} noValidate>
          <Form.Item label="Password" name="password" rules={[{ required: true, whitespace: true, message: ADMIN_PASSWORD_REQUIRED }]}>
            <Input.Password autoComplete="current-password" autoFocus placeholder="Admin password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {login.isPending ? 'Authenticating...' : 'Access Admin Panel'}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
