import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { CatalogueModule } from '../catalogue.module';
import { ProductPropertiesOperatorController } from './product-properties-operator.controller';
import { TagsOperatorController } from './tags-operator.controller';

@Module({ imports: [CatalogueModule, AuditModule], controllers: [TagsOperatorController, ProductPropertiesOperatorController] })
export class CatalogueOperatorApiModule {}
