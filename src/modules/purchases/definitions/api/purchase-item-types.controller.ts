import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PurchaseItemTypeListResponseDto } from '../dto/purchase-definitions-response.dto';
import { ApiResource, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { TextIdQueryDto } from '../dto/purchase-definitions.dto';
import { toPurchaseTypeDto } from '../purchase-definitions.mapper';
import { PURCHASE_ITEM_TYPE_SORT_FIELDS, PurchaseItemTypeService } from '../purchase-item-type.service';

@ApiResource('purchase-item-types')
@ApiTags('Purchase item types')
export class PurchaseItemTypesController {
  constructor(private readonly types: PurchaseItemTypeService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Purchase item types',
    description:
      'Lists the types a purchase item can have, by id, name and text id; `text_id` keeps only the type with exactly that text id.',
  })
  @ApiOkResponse({ type: PurchaseItemTypeListResponseDto })
  async list(@Query() query: TextIdQueryDto) {
    const page = await this.types.list(query, toPageRequest(query, PURCHASE_ITEM_TYPE_SORT_FIELDS));
    return listEnvelope('purchase_item_types', page, toPurchaseTypeDto);
  }
}
