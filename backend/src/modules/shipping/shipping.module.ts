import { Module, type OnModuleInit } from '@nestjs/common';
import { LabelTrackingProcessManager } from './label-tracking/label-tracking.process-manager';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { CARRIER } from './carrier/carrier.port';
import { LocalCarrier } from './carrier/local-carrier';
import { CreateShippingLabelController } from './create-label/create-shipping-label.controller';
import { ShippingLabelService } from './create-label/shipping-label.service';
import { ShippingLabelPdfController } from './label-pdf/shipping-label-pdf.controller';
import { ShippingEmailController } from './shipping-email/shipping-email.controller';
import { ShippingEmailService } from './shipping-email/shipping-email.service';
import { ShippingLabelsController } from './shipping-labels/shipping-labels.controller';
import { ShippingLabelsProjection } from './shipping-labels/shipping-labels.projection';
import { BulkDispatchController } from './bulk-dispatch/bulk-dispatch.controller';
import { BulkDispatch } from './bulk-dispatch/bulk-dispatch.service';

/**
 * Shipping labels: consignments from the carrier port, one label stream per order, PDF labels (one, or many as one
 * PDF), pick lists, the e-mail route.
 */
@Module({
  controllers: [
    CreateShippingLabelController,
    ShippingLabelPdfController,
    ShippingLabelsController,
    ShippingEmailController,
    BulkDispatchController,
  ],
  providers: [
    ShippingLabelService,
    BulkDispatch,
    ShippingEmailService,
    ShippingLabelsProjection,
    LabelTrackingProcessManager,
    // The only carrier for now; a real carrier's adapter would be chosen here from configuration.
    { provide: CARRIER, useClass: LocalCarrier },
  ],
  exports: [ShippingLabelService],
})
export class ShippingModule implements OnModuleInit {
  constructor(
    private readonly registry: ProjectionRegistry,
    private readonly labels: ShippingLabelsProjection,
    private readonly labelTracking: LabelTrackingProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.labels);
    this.registry.registerProcessManager(this.labelTracking);
  }
}
