import { Module } from '@nestjs/common';
import { CatalogueModule } from '../../catalogue.module';
import { EnterpriseProductBrandsController } from './product-brands.controller';
import { EnterpriseProductGroupsController } from './product-groups.controller';
import { EnterpriseProductsController } from './products.controller';

@Module({
  imports: [CatalogueModule],
  controllers: [EnterpriseProductsController, EnterpriseProductBrandsController, EnterpriseProductGroupsController],
})
export class CatalogueEnterpriseApiModule {}
