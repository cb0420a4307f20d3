import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { CatalogueListingService } from '../catalogue-listing.service';
import {
  PRODUCT_BRAND_LISTING_SORT_FIELDS,
  ProductBrandListQueryDto,
  ProductBrandListingListResponseDto,
  ProductBrandListingResponseDto,
} from '../dto/catalogue-listing.dto';

/** Product brands for the console's pickers; the point of sale's batches write them. */
@OperatorResource('product-brands')
export class ProductBrandsOperatorController {
  constructor(private readonly catalogue: CatalogueListingService) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Product brands',
    description: 'Brands by name (ordered by it unless sort_field says otherwise), found by part of the name or the whole external id.',
  })
  @ApiOkResponse({ type: ProductBrandListingListResponseDto })
  async list(@Query() query: ProductBrandListQueryDto) {
    return listEnvelope(
      'product_brands',
      await this.catalogue.brands(query, toPageRequest(query, PRODUCT_BRAND_LISTING_SORT_FIELDS)),
      (row) => row,
    );
  }

  @Get(':product_brand_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One product brand', description: 'By id. 404 when no brand has it.' })
  @ApiOkResponse({ type: ProductBrandListingResponseDto })
  async show(@Param('product_brand_id') id: string) {
    return dataEnvelope(await this.catalogue.brand(id));
  }
}
