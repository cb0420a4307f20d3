import { Module } from '@nestjs/common';
import { FlowsModule } from '../../../flows/flows.module';
import { AuthModule } from '../../auth';
import { CustomersModule } from '../customers.module';

/** What both interfaces' customer controllers share: this context, the caller's partners and tokens (auth), and the flows spanning them. */
@Module({
  imports: [CustomersModule, AuthModule, FlowsModule],
  exports: [CustomersModule, AuthModule, FlowsModule],
})
export class CustomersApiSupportModule {}
