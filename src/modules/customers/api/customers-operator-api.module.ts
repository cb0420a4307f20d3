import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { CustomersModule } from '../customers.module';
import { AgreementsOperatorController } from './agreements-operator.controller';
import { CustomerPropertiesOperatorController } from './customer-properties-operator.controller';
import { CustomerTypesOperatorController } from './customer-types-operator.controller';
import { InterestsOperatorController } from './interests-operator.controller';

@Module({
  imports: [CustomersModule, AuditModule],
  controllers: [
    CustomerPropertiesOperatorController,
    InterestsOperatorController,
    AgreementsOperatorController,
    CustomerTypesOperatorController,
  ],
})
export class CustomersOperatorApiModule {}
