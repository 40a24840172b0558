import { Module } from '@nestjs/common';
import { OrderHistoryController } from './order-history.controller';

/** The operator's audit view of one order, read from the event log. */
@Module({ controllers: [OrderHistoryController] })
export class OrderHistoryModule {}
