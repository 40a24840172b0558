/** The spec's backup payment states: succeeded, created, and anything else counts as failed. */
export type BackupPaymentStatus = 'succeeded' | 'created' | 'failed';

export function backupPaymentStatus(status: string): BackupPaymentStatus {
  if (status === 'succeeded' || status === 'created') return status;
  return 'failed';
}

/** Only a payment that went through can be turned into an order. */
export function canRecover(status: string): boolean {
  return backupPaymentStatus(status) === 'succeeded';
}

export function paymentStatusColor(status: BackupPaymentStatus): string {
  switch (status) {
    case 'succeeded':
      return 'green';
    case 'created':
      return 'gold';
    case 'failed':
      return 'red';
  }
}
