import { DownloadOutlined, FileAddOutlined, LinkOutlined, ProfileOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder } from './api/get-admin-orders';
import { useCreateShippingLabel } from './api/create-shipping-label';
import {
  packingSlipFileName,
  shippingLabelFileName,
  useDownloadPackingSlip,
  useDownloadShippingLabel,
} from './api/download-shipping-label';
import { saveFile } from '@/shared/browser/save-file';
import { pickupDateOf } from './pickup-display';

export interface ShippingLabelSectionProps {
  order: AdminOrder;
}

/**
 * Create the carrier label of a paid order (once) and download it as `shipping-label-order-{id}.pdf`; the
 * packing slip (what goes in the box) as `packing-slip-order-{id}.pdf`. A pickup is never posted (the server
 * refuses it a label): only its packing slip.
 */
export function ShippingLabelSection({ order }: ShippingLabelSectionProps) {
  const create = useCreateShippingLabel();
  const download = useDownloadShippingLabel();
  const slip = useDownloadPackingSlip();
  const toast = useToast();
  // The order list carries the label once the shipping module projects it; a fresh answer counts too.
  const label = order.shippingLabel ?? create.data ?? null;
  const pickup = pickupDateOf(order) !== null;

  const createLabel = () =>
    create.mutate(order.id, {
      onSuccess: ({ consignmentNumber }) => toast.success(`Shipping label created - Consignment: ${consignmentNumber}`),
      onError: (error) => toast.error('Failed to create shipping label', errorMessage(error)),
    });

  const downloadLabel = () =>
    download.mutate(order.id, {
      onSuccess: (blob) => saveFile(blob, shippingLabelFileName(order.id)),
      onError: (error) => toast.error('Failed to download shipping label', errorMessage(error)),
    });

  const downloadSlip = () =>
    slip.mutate(order.id, {
      onSuccess: (blob) => saveFile(blob, packingSlipFileName(order.id)),
      onError: (error) => toast.error('Failed to download packing slip', errorMessage(error)),
    });

  const slipButton = (
    <Button
      icon={<ProfileOutlined aria-hidden />}
      onClick={downloadSlip}
      loading={slip.isPending}
      disabled={order.status === 'cancelled' || order.status === 'pending'}
    >
      Packing Slip (PDF)
    </Button>
  );

  if (pickup)
    return (
      <div className="shipping-label">
        <p className="shipping-label__none">Collected at the cellar door: no shipping label.</p>
        <div className="shipping-label__actions">{slipButton}</div>
      </div>
    );

  return (
    <div className="shipping-label">
      {label ? (
        <p>
          Consignment <strong>{label.consignmentNumber}</strong>{' '}
          <a href={label.trackingUrl} target="_blank" rel="noopener noreferrer">
            <LinkOutlined aria-hidden /> Carrier tracking
          </a>
        </p>
      ) : (
        <p className="shipping-label__none">No shipping label yet.</p>
      )}
      <div className="shipping-label__actions">
        {/* One label per order: once made, the same consignment is the answer, so a second "create" is not offered. */}
        {label ? null : (
          <Button
            icon={<FileAddOutlined aria-hidden />}
            onClick={createLabel}
            loading={create.isPending}
            disabled={order.status === 'cancelled'}
          >
            Create Shipping Label
          </Button>
        )}
        <Button icon={<DownloadOutlined aria-hidden />} onClick={downloadLabel} loading={download.isPending} disabled={label === null}>
          Download Label (PDF)
        </Button>
        {slipButton}
      </div>
    </div>
  );
}
