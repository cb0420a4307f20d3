import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductBrandEntity } from './entities/product-brand.entity';
import { ProductGroupEntity } from './entities/product-group.entity';
import { ProductEntity, ProductPluIdEntity, ProductPriceEntity, ProductTagRecordEntity } from './entities/product.entity';
import { TagEntity } from './entities/tag.entity';
import { ProductBrandService } from './product-brand.service';
import { ProductGroupService } from './product-group.service';
import { ProductService } from './product.service';
import { ProductPropertyService } from './product-property.service';
import { TagDefinitionRepository } from './tag-definition.repository';
import { ProductPropertyDefinitionRepository } from './product-property-definition.repository';
import { TagService } from './tag.service';

const SERVICES = [
  ProductService,
  ProductGroupService,
  ProductBrandService,
  TagService,
  ProductPropertyService,
  TagDefinitionRepository,
  ProductPropertyDefinitionRepository,
];

/** Products, product groups, brands and tags. Other contexts check ids through the exported services. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ProductEntity,
      ProductPluIdEntity,
      ProductPriceEntity,
      ProductTagRecordEntity,
      ProductGroupEntity,
      ProductBrandEntity,
      TagEntity,
    ]),
  ],
  providers: SERVICES,
  exports: SERVICES,
})
export class CatalogueModule {}
