import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PurchaseTypeListResponseDto } from '../dto/purchase-definitions-response.dto';
import { ApiResource, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { TextIdQueryDto } from '../dto/purchase-definitions.dto';
import { toPurchaseTypeDto } from '../purchase-definitions.mapper';
import { PURCHASE_TYPE_SORT_FIELDS, PurchaseTypeService } from '../purchase-type.service';

@ApiResource('purchase-types')
@ApiTags('Purchase types')
export class PurchaseTypesController {
  constructor(private readonly types: PurchaseTypeService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Purchase types',
    description:
      'Lists the types a purchase can have; a purchase naming a `purchase_type_id` not listed here is refused with a 400. `text_id` keeps only the type with exactly that text id.',
  })
  @ApiOkResponse({ type: PurchaseTypeListResponseDto })
  async list(@Query() query: TextIdQueryDto) {
    const page = await this.types.list(query, toPageRequest(query, PURCHASE_TYPE_SORT_FIELDS));
    return listEnvelope('purchase_types', page, toPurchaseTypeDto);
  }
}
