import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth';
import { CustomersModule } from '../modules/customers';
import { LoyaltyModule } from '../modules/loyalty';
import { ReferenceDataModule } from '../modules/reference-data';
import { CustomerIdentificationFlow } from './customer-identification.flow';
import { CustomerRegistrationFlow } from './customer-registration.flow';

const FLOWS = [CustomerRegistrationFlow, CustomerIdentificationFlow];

/** Work that spans contexts: each flow calls one context's service per step and owns the transaction. */
@Module({
  imports: [AuthModule, CustomersModule, LoyaltyModule, ReferenceDataModule],
  providers: FLOWS,
  exports: FLOWS,
})
export class FlowsModule {}
