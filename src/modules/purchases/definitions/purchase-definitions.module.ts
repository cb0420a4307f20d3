import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferenceDataModule } from '../../reference-data/reference-data.module';
import { LoyaltyRuleEntity, PaymentTypeEntity, PurchaseItemTypeEntity, PurchaseTypeEntity } from './entities/purchase-definitions.entity';
import { LoyaltyRuleService } from './loyalty-rule.service';
import { PaymentTypeService } from './payment-type.service';
import { PurchaseItemTypeService } from './purchase-item-type.service';
import { PurchasePropertyService } from './purchase-property.service';
import { PurchaseTypeService } from './purchase-type.service';

const SERVICES = [PurchaseTypeService, PurchaseItemTypeService, PaymentTypeService, PurchasePropertyService, LoyaltyRuleService];

/** Purchase, purchase item and payment types, purchase properties and the project's loyalty rules. */
@Module({
  imports: [ReferenceDataModule, TypeOrmModule.forFeature([PurchaseTypeEntity, PurchaseItemTypeEntity, PaymentTypeEntity, LoyaltyRuleEntity])],
  providers: SERVICES,
  exports: SERVICES,
})
export class PurchaseDefinitionsModule {}
