import { Module } from '@nestjs/common';
import { ProductHistoryController } from './product-history.controller';

/** The operator's audit view of one beer, read from the event log. */
@Module({ controllers: [ProductHistoryController] })
export class ProductHistoryModule {}
