import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, ListQueryDto, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CREDIT_TYPE_SORT_FIELDS, CreditTypeService } from '../credit-type.service';
import { CreditTypeListResponseDto, CreditTypeResponseDto } from '../dto/credits.dto';
import { toCreditTypeDto } from '../loyalty.mapper';

@ApiResource('credit-types')
@ApiTags('Credit types')
export class CreditTypesController {
  constructor(
    private readonly types: CreditTypeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Credit types',
    description:
      'Lists every credit type, ordered by name unless sorted otherwise. A credit operation that names no credit type uses the one marked as the default.',
  })
  @ApiOkResponse({ type: CreditTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    const page = await this.types.list(toPageRequest(query, CREDIT_TYPE_SORT_FIELDS));
    return listEnvelope('credit_types', page, (type) => toCreditTypeDto(type, this.config.timeZone));
  }

  @Get(':credit_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One credit type', description: 'Returns a credit type by its id; 404 when there is none.' })
  @ApiOkResponse({ type: CreditTypeResponseDto })
  async get(@Param('credit_type_id') creditTypeId: string) {
    return dataEnvelope(toCreditTypeDto(await this.types.get(creditTypeId), this.config.timeZone));
  }
}
