import { DomainError } from '../../shared-kernel/domain-error';

/** The projection runner's refusals, with stable codes. */
export const ProjectionErrors = {
  /** A rebuild asked of a shop process that does not hold the read models' lease. */
  notLeaseHolder: (): DomainError =>
    new DomainError(
      'not_lease_holder',
      'The read models are kept by another shop process (the one holding the lease): ask again, and the load balancer will reach it, or run the rebuild while no shop runs.',
      'conflict',
    ),
  /** The lease moved to another process while a rebuild ran: the new read models were thrown away. */
  leaseLostDuringRebuild: (): DomainError =>
    new DomainError(
      'lease_lost',
      'Another shop process took over the read models while they were being rebuilt: nothing was replaced. Ask again; the process holding the lease rebuilds them.',
      'conflict',
    ),
} as const;
