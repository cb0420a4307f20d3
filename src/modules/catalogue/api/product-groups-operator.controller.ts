import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { CatalogueListingService } from '../catalogue-listing.service';
import {
  PRODUCT_GROUP_LISTING_SORT_FIELDS,
  ProductGroupListingListResponseDto,
  ProductGroupListingResponseDto,
} from '../dto/catalogue-listing.dto';

/** Product groups for the console's pickers; the point of sale's batches write them. */
@OperatorResource('product-groups')
export class ProductGroupsOperatorController {
  constructor(private readonly catalogue: CatalogueListingService) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Product groups',
    description:
      'Product groups by name (ordered by it unless sort_field says otherwise), found by part of the name or the whole code or external id.',
  })
  @ApiOkResponse({ type: ProductGroupListingListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope(
      'product_groups',
      await this.catalogue.groups(query, toPageRequest(query, PRODUCT_GROUP_LISTING_SORT_FIELDS)),
      (row) => row,
    );
  }

  @Get(':product_group_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One product group', description: 'By id. 404 when no product group has it.' })
  @ApiOkResponse({ type: ProductGroupListingResponseDto })
  async show(@Param('product_group_id') id: string) {
    return dataEnvelope(await this.catalogue.group(id));
  }
}
