import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { LoyaltyModule } from '../../loyalty/loyalty.module';
import { ReferenceDataModule } from '../../reference-data/reference-data.module';
import { CustomersModule } from '../customers.module';
import { CustomerGatewayService } from './customer-gateway.service';

/** What both interfaces' customer controllers share; it may import the contexts that depend on customers. */
@Module({
  imports: [CustomersModule, AuthModule, LoyaltyModule, ReferenceDataModule],
  providers: [CustomerGatewayService],
  exports: [CustomerGatewayService, CustomersModule],
})
export class CustomersApiSupportModule {}
