import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue.module';
import { ProductBrandsController } from './product-brands.controller';
import { ProductGroupsController } from './product-groups.controller';
import { ProductsController } from './products.controller';
import { ProductPropertiesController } from './product-properties.controller';

@Module({
  imports: [CatalogueModule],
  controllers: [ProductsController, ProductBrandsController, ProductGroupsController, ProductPropertiesController],
})
export class CatalogueApiModule {}
