import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { CatalogueListingRepository } from '../catalogue-listing.repository';
import { CatalogueListingService } from '../catalogue-listing.service';
import { CatalogueModule } from '../catalogue.module';
import { ProductBrandsOperatorController } from './product-brands-operator.controller';
import { ProductGroupsOperatorController } from './product-groups-operator.controller';
import { ProductPropertiesOperatorController } from './product-properties-operator.controller';
import { ProductsOperatorController } from './products-operator.controller';
import { TagsOperatorController } from './tags-operator.controller';

@Module({
  imports: [CatalogueModule, AuditModule],
  controllers: [
    TagsOperatorController,
    ProductPropertiesOperatorController,
    ProductsOperatorController,
    ProductGroupsOperatorController,
    ProductBrandsOperatorController,
  ],
  providers: [CatalogueListingRepository, CatalogueListingService],
})
export class CatalogueOperatorApiModule {}
