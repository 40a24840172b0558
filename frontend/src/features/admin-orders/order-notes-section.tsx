import { Button, Form, Input } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder } from './api/get-admin-orders';
import { useAddOrderNote } from './api/order-notes';
import { actorLabel } from '@/shared/ui/event-timeline';
import { dateTime } from './order-display';

const NOTE_MAX = 500;

/** The shop's own notes on an order, oldest first, and a form to add one. The customer never sees or hears of them. */
export function OrderNotesSection({ order }: { order: AdminOrder }) {
  const add = useAddOrderNote();
  const toast = useToast();
  const [form] = Form.useForm<{ note: string }>();
  const notes = order.notes ?? [];
  const submit = ({ note }: { note: string }) =>
    add.mutate(
      { orderId: order.id, note: note.trim() },
      {
        onSuccess: (outcome) => {
          toast.success(outcome.message);
          form.resetFields();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <div className="order-notes">
      {notes.length === 0 ? (
        <p className="order-detail__muted">No notes yet.</p>
      ) : (
        <ul className="order-notes__list" aria-label="Notes">
          {notes.map((n, index) => (
            <li key={`${n.at}-${index}`}>
              <p>{n.note}</p>
              <span className="order-detail__muted">
                {dateTime(n.at)} · {actorLabel(n.by)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="note"
          label="Add a note (only the shop sees it; the customer is not e-mailed)"
          rules={[{ required: true, whitespace: true, message: 'Write the note (1 to 500 characters)' }]}
        >
          <Input.TextArea rows={2} maxLength={NOTE_MAX} showCount />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          Add note
        </Button>
      </Form>
    </div>
  );
}
