import { CopyOutlined, SafetyOutlined } from '@ant-design/icons';
import type { AdminMe } from '@brewery/shop-rules';
import { Alert, Button, Card, Form, Input, Popconfirm } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useConfirmTwoFactor, useStartTwoFactor, useTurnOffTwoFactor, type TwoFactorEnrolment } from './api/two-factor';

/** "JBSW Y3DP EHPK 3PXP": the secret in fours, as an authenticator app's "enter a key" screen is easiest typed from. */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

export const KEEP_RECOVERY_CODES =
  'Keep these recovery codes somewhere safe, away from your phone (printed, or in a password manager). Each one signs you in once if you lose your phone. They are shown only now.';

/** Where setting the codes up stands: nothing started, a secret to add to the app, or the recovery codes to keep. */
type Step = { kind: 'idle' } | { kind: 'enrolling'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; recoveryCodes: string[] };

/**
 * My two-factor codes. Off: "Set up two-factor codes" shows a secret for the authenticator app (in fours, and as an
 * `otpauth://` link that opens the app on a phone), then the app's code turns them on and ten recovery codes are
 * shown once, with a copy button. On: "Turn off".
 */
export function TwoFactorCard({ me }: { me: AdminMe }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const toast = useToast();
  const [form] = Form.useForm<{ code: string }>();

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }),
      onError: (error) => toast.error('Two-factor codes could not be set up', errorMessage(error)),
    });

  const submitCode = ({ code }: { code: string }) =>
    confirm.mutate(code.replace(/\s+/g, ''), {
      onSuccess: ({ recoveryCodes }) => {
        toast.success('Two-factor codes are on');
        setStep({ kind: 'codes', recoveryCodes });
      },
      onError: (error) =>
        error instanceof ApiError && error.status < 500
          ? form.setFields([{ name: 'code', value: '', errors: [errorMessage(error)] }])
          : toast.error('Two-factor codes could not be turned on', errorMessage(error)),
    });

  // The clipboard is there on https (and localhost) only; elsewhere the codes are copied by hand.
  const copyCodes = async (codes: readonly string[]) => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('The codes could not be copied', 'Select them and copy them by hand');
    }
  };

  const off = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => toast.success('Two-factor codes are off'),
      onError: (error) => toast.error('Two-factor codes could not be turned off', errorMessage(error)),
    });

  return (
    <Card title="Two-factor codes" size="small" className="staff-two-factor">
      {step.kind === 'codes' ? (
        <section aria-labelledby="recovery-codes-title">
          <h4 id="recovery-codes-title" className="staff__subheading">
            Your recovery codes
          </h4>
          <Alert type="warning" showIcon title={KEEP_RECOVERY_CODES} />
          <ol className="staff-two-factor__codes" aria-label="Recovery codes">
            {step.recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <div className="staff-table__actions">
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copyCodes(step.recoveryCodes)}>
              Copy recovery codes
            </Button>
            <Button type="primary" onClick={() => setStep({ kind: 'idle' })}>
              I have kept them
            </Button>
          </div>
        </section>
      ) : me.twoFactor.enabled ? (
        <>
          <p>
            <SafetyOutlined aria-hidden /> On: signing in asks for a code from your authenticator app (or a recovery code) after your
            password.
          </p>
          <Popconfirm
            title="Turn off two-factor codes?"
            description={
              me.twoFactor.required
                ? 'The owner requires them: the rest of the admin stays closed to you until you set them up again.'
                : 'Signing in then asks for your password alone.'
            }
            okText="Turn off"
            okButtonProps={{ danger: true }}
            cancelText="Keep them"
            onConfirm={off}
          >
            <Button danger loading={turnOff.isPending}>
              Turn off
            </Button>
          </Popconfirm>
        </>
      ) : step.kind === 'enrolling' ? (
        <div className="staff-two-factor__enrol">
          <ol className="staff-two-factor__steps">
            <li>
              In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), add an account with this key:
              <div className="staff-two-factor__secret">
                <code aria-label="Key for your authenticator app">{groupedSecret(step.enrolment.secret)}</code>
              </div>
              On the phone with the app, you can open{' '}
              <a href={step.enrolment.otpauthUrl} className="staff-two-factor__url">
                this link
              </a>{' '}
              instead: <code className="staff-two-factor__url">{step.enrolment.otpauthUrl}</code>
            </li>
            <li>Enter the 6-digit code the app shows for it now.</li>
          </ol>
          <Form form={form} layout="vertical" onFinish={submitCode} requiredMark={false} noValidate className="staff-two-factor__form">
            <Form.Item label="Code" name="code" rules={[{ required: true, whitespace: true, message: 'Enter the 6 digits from your app' }]}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={10} autoFocus />
            </Form.Item>
            <div className="staff-table__actions">
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                Turn on
              </Button>
              <Button onClick={() => setStep({ kind: 'idle' })}>Cancel</Button>
            </div>
          </Form>
        </div>
      ) : (
        <>
          <p>Off: signing in asks for your password alone. With codes on, a stolen password is not enough to sign in.</p>
          <Button type="primary" icon={<SafetyOutlined aria-hidden />} loading={start.isPending} onClick={begin}>
            Set up two-factor codes
          </Button>
        </>
      )}
    </Card>
  );
}
