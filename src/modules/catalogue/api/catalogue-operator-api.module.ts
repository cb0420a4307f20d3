import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { CatalogueModule } from '../catalogue.module';
import { TagsOperatorController } from './tags-operator.controller';

@Module({ imports: [CatalogueModule, AuditModule], controllers: [TagsOperatorController] })
export class CatalogueOperatorApiModule {}
