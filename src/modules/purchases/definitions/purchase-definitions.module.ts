import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReferenceDataModule } from '../../reference-data';
import { PaymentTypeEntity, PurchaseItemTypeEntity, PurchaseTypeEntity } from './entities/purchase-definitions.entity';
import { PaymentTypeService } from './payment-type.service';
import { PurchaseItemTypeService } from './purchase-item-type.service';
import { PurchasePropertyService } from './purchase-property.service';
import { PurchaseItemPropertyDefinitionRepository, PurchasePropertyDefinitionRepository } from './purchase-property-definition.repository';
import { PurchaseTypeService } from './purchase-type.service';
import { PaymentTypeDefinitionRepository } from './payment-type-definition.repository';
import { PurchaseItemTypeDefinitionRepository, PurchaseTypeDefinitionRepository } from './purchase-type-definition.repository';

const SERVICES = [
  PurchaseTypeService,
  PurchaseItemTypeService,
  PaymentTypeService,
  PurchasePropertyService,
  PaymentTypeDefinitionRepository,
  PurchaseTypeDefinitionRepository,
  PurchaseItemTypeDefinitionRepository,
  PurchasePropertyDefinitionRepository,
  PurchaseItemPropertyDefinitionRepository,
];

/** Purchase, purchase item and payment types and purchase properties. */
@Module({
  imports: [ReferenceDataModule, TypeOrmModule.forFeature([PurchaseTypeEntity, PurchaseItemTypeEntity, PaymentTypeEntity])],
  providers: SERVICES,
  exports: SERVICES,
})
export class PurchaseDefinitionsModule {}
