import { Module } from '@nestjs/common';
import { CatalogueModule } from '../../catalogue.module';
import { CustomerProductBrandsController } from './product-brands.controller';
import { CustomerProductGroupsController } from './product-groups.controller';
import { CustomerProductsController } from './products.controller';

@Module({
  imports: [CatalogueModule],
  controllers: [CustomerProductsController, CustomerProductBrandsController, CustomerProductGroupsController],
})
export class CatalogueCustomerApiModule {}
