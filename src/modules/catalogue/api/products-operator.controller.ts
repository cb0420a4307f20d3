import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { CatalogueListingService } from '../catalogue-listing.service';
import { PRODUCT_LISTING_SORT_FIELDS, ProductListingListResponseDto, ProductListingResponseDto } from '../dto/catalogue-listing.dto';

/** Products for the console's pickers; the catalogue itself is written by the point of sale's batches. */
@OperatorResource('products')
export class ProductsOperatorController {
  constructor(private readonly catalogue: CatalogueListingService) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Products',
    description: 'Products by name (ordered by it unless sort_field says otherwise), found by part of the name or the whole code.',
  })
  @ApiOkResponse({ type: ProductListingListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('products', await this.catalogue.products(query, toPageRequest(query, PRODUCT_LISTING_SORT_FIELDS)), (row) => row);
  }

  @Get(':product_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One product', description: 'By id, with the names of its group and brand. 404 when no product has it.' })
  @ApiOkResponse({ type: ProductListingResponseDto })
  async show(@Param('product_id') id: string) {
    return dataEnvelope(await this.catalogue.product(id));
  }
}
