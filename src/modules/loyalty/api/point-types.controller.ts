import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, ListQueryDto, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PointTypeListResponseDto, PointTypeResponseDto } from '../dto/points.dto';
import { toPointTypeDto } from '../loyalty.mapper';
import { POINT_TYPE_SORT_FIELDS, PointTypeService } from '../point-type.service';

@ApiResource('point-types')
@ApiTags('Point types')
export class PointTypesController {
  constructor(
    private readonly types: PointTypeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Point types',
    description:
      'Lists the kinds of points the programme keeps balances in, by name unless sorted otherwise. The one marked as default is used wherever a request names no point type.',
  })
  @ApiOkResponse({ type: PointTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    const page = await this.types.list(toPageRequest(query, POINT_TYPE_SORT_FIELDS));
    return listEnvelope('point_types', page, (type) => toPointTypeDto(type, this.config.timeZone));
  }

  @Get(':point_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One point type', description: 'Reads one point type. 404 when no point type has this id.' })
  @ApiOkResponse({ type: PointTypeResponseDto })
  async get(@Param('point_type_id') pointTypeId: string) {
    return dataEnvelope(toPointTypeDto(await this.types.get(pointTypeId), this.config.timeZone));
  }
}
