import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { toProductBrandDto } from '../catalogue.mapper';
import { ProductBrandListQueryDto } from '../dto/product-brand.dto';
import { PRODUCT_BRAND_SORT_FIELDS, ProductBrandService } from '../product-brand.service';

/** Brand reads, offered by both interfaces; the batch write is Enterprise-only. */
@ApiTags('Product brands')
export abstract class ProductBrandsRoutes {
  constructor(protected readonly brands: ProductBrandService) {}

  @Get()
  @ApiOperation({ summary: 'Product brands' })
  async list(@Query() query: ProductBrandListQueryDto) {
    const page = await this.brands.list(query, toPageRequest(query, PRODUCT_BRAND_SORT_FIELDS));
    return listEnvelope('product_brands', page, toProductBrandDto);
  }

  @Get(':product_brand_id')
  @ApiOperation({ summary: 'One product brand' })
  async get(@Param('product_brand_id') brandId: string) {
    return dataEnvelope(toProductBrandDto(await this.brands.get(brandId)));
  }
}
