import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { ReferenceDataModule } from '../../reference-data';
import { CustomersModule } from '../customers.module';
import { AgreementsOperatorController } from './agreements-operator.controller';
import { CustomerAddressTypesOperatorController } from './customer-address-types-operator.controller';
import { CustomerPropertiesOperatorController } from './customer-properties-operator.controller';
import { CustomerRelationTypesOperatorController } from './customer-relation-types-operator.controller';
import { CustomerSourcesOperatorController } from './customer-sources-operator.controller';
import { CustomerTypesOperatorController } from './customer-types-operator.controller';
import { InterestsOperatorController } from './interests-operator.controller';

@Module({
  imports: [CustomersModule, ReferenceDataModule, AuditModule],
  controllers: [
    CustomerPropertiesOperatorController,
    InterestsOperatorController,
    AgreementsOperatorController,
    CustomerTypesOperatorController,
    CustomerSourcesOperatorController,
    CustomerRelationTypesOperatorController,
    CustomerAddressTypesOperatorController,
  ],
})
export class CustomersOperatorApiModule {}
