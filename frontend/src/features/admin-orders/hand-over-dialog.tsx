import { Alert, Button, Checkbox, Input, Modal, Select } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { ID_TYPES, type IdType } from './api/get-admin-orders';
import type { PickupListEntry } from './api/get-pickups';
import { useRecordCollection } from './api/record-collection';
import { ID_TYPE_LABELS, collectLineText } from './pickup-display';

export const ID_CHECKED = 'Photo ID checked: the person collecting is 18 or older';
export const COLLECTED_BY = 'Collected by (if not the customer)';

const ID_OPTIONS = ID_TYPES.map((idType) => ({ value: idType, label: ID_TYPE_LABELS[idType] }));

export interface HandOverDialogProps {
  order: PickupListEntry;
  onClose: () => void;
}

/**
 * The hand-over of one pickup: nothing is sent until the operator ticks that they checked the collector's
 * photo ID (liquor law: 18 or older), says which kind, and who collected when it is not the customer.
 */
export function HandOverDialog({ order, onClose }: HandOverDialogProps) {
  const [idChecked, setIdChecked] = useState(false);
  const [idType, setIdType] = useState<IdType>('drivers_licence');
  const [collectedBy, setCollectedBy] = useState('');
  const record = useRecordCollection();
  const toast = useToast();
  const idKind = useId();
  const collector = useId();

  const handOver = () => {
    if (!idChecked) return;
    const name = collectedBy.trim();
    record.mutate(
      { orderId: order.orderId, idChecked: true, idType, ...(name === '' ? {} : { collectedBy: name }) },
      {
        onSuccess: (outcome) => {
          toast.success(outcome.message);
          onClose();
        },
        onError: (error) => toast.error(`Order #${order.orderId} was not handed over`, errorMessage(error)),
      },
    );
  };

  return (
    <Modal
      open
      title={`Hand over order #${order.orderId} to ${order.customerName}`}
      onCancel={onClose}
      width={480}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="hand-over" type="primary" disabled={!idChecked} loading={record.isPending} onClick={handOver}>
          Confirm hand-over
        </Button>,
      ]}
    >
      {order.needsReview ? (
        // Flagged (paid twice, an amount that does not match...): worth a look in the order before the cans go.
        <Alert type="warning" showIcon className="hand-over__review" title="This order needs review: look at it before handing it over" />
      ) : null}
      <ul className="cellar-door__collects">
        {order.items.map((item, index) => (
          <li key={index}>{collectLineText(item)}</li>
        ))}
      </ul>
      <p className="order-detail__muted">{order.totalCans} cans</p>
      <div className="hand-over__fields">
        <Checkbox checked={idChecked} onChange={(event) => setIdChecked(event.target.checked)} className="hand-over__id-checked">
          {ID_CHECKED}
        </Checkbox>
        <label htmlFor={idKind}>Photo ID</label>
        <Select<IdType> id={idKind} aria-label="Photo ID" value={idType} onChange={setIdType} options={ID_OPTIONS} />
        <label htmlFor={collector}>{COLLECTED_BY}</label>
        <Input id={collector} value={collectedBy} maxLength={200} onChange={(event) => setCollectedBy(event.target.value)} />
      </div>
    </Modal>
  );
}
