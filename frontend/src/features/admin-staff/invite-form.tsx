import { UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select } from 'antd';
import { ApiError, errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useInviteStaff, type StaffRole } from './api/get-staff';
import { ROLE_OPTIONS, roleSummary } from './role-text';

interface InviteValues {
  name: string;
  email: string;
  role: StaffRole;
}

const FIELDS: readonly (keyof InviteValues)[] = ['name', 'email', 'role'];

/**
 * The field a refusal is about, so that its words show under it: the e-mail for `email_taken`, or the field the
 * server named (in `fields`, or as the first word of a validation message: "E-mail must be…", "Name is required").
 */
export function inviteErrorField(error: unknown): keyof InviteValues | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'email_taken') return 'email';
  const named = FIELDS.find((field) => error.fields[field] !== undefined);
  if (named !== undefined) return named;
  if (error.status !== 400) return null;
  const message = error.serverMessage;
  if (message.startsWith('E-mail')) return 'email';
  if (message.startsWith('Name')) return 'name';
  if (message.startsWith('Role')) return 'role';
  return null;
}

/** "Invite someone": their name, e-mail and role; they get an e-mail with a link to choose their password. */
export function InviteForm() {
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteStaff();
  const toast = useToast();
  const role = Form.useWatch('role', form) ?? 'packer';

  const submit = (values: InviteValues) =>
    invite.mutate(
      { name: values.name.trim(), email: values.email.trim(), role: values.role },
      {
        onSuccess: (member) => {
          toast.success('Invitation sent', `${member.name} gets an e-mail at ${member.email} with a link to choose a password`);
          form.resetFields();
        },
        onError: (error) => {
          const field = inviteErrorField(error);
          if (field === null) toast.error('The invitation could not be sent', errorMessage(error));
          else
            form.setFields([
              { name: field, errors: [(error instanceof ApiError ? error.fields[field] : undefined) ?? errorMessage(error)] },
            ]);
        },
      },
    );

  return (
    <Card title="Invite someone" size="small" className="staff-invite">
      <Form
        form={form}
        name="invite-staff"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        noValidate
        initialValues={{ name: '', email: '', role: 'packer' }}
        className="staff-invite__form"
      >
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Enter their name' }]}>
          <Input maxLength={80} autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="E-mail"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'Enter their e-mail address' },
            { type: 'email', message: 'Enter an e-mail address' },
          ]}
        >
          <Input type="email" inputMode="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item label="Role" name="role" extra={roleSummary(role)} rules={[{ required: true, message: 'Choose their role' }]}>
          <Select<StaffRole> options={ROLE_OPTIONS} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<UserAddOutlined aria-hidden />} loading={invite.isPending}>
          Invite
        </Button>
      </Form>
    </Card>
  );
}
