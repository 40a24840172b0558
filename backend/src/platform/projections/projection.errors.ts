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
} as const;
