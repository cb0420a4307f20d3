import { Module } from '@nestjs/common';
import { FlowsModule } from '../../../flows/flows.module';
import { ReferenceDataModule } from '../../reference-data';
import { CustomersModule } from '../customers.module';

/** What both interfaces' customer controllers share: this context, the caller's partners (reference data), and the flows spanning them. */
@Module({
  imports: [CustomersModule, ReferenceDataModule, FlowsModule],
  exports: [CustomersModule, ReferenceDataModule, FlowsModule],
})
export class CustomersApiSupportModule {}
