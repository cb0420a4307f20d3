import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest, responseOutput } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  ExternalListTypeListQueryDto,
  ExternalListTypeListResponseDto,
  ExternalListTypeResponseDto,
  ReservationSourceListResponseDto,
  ReservationSourceResponseDto,
} from '../dto/reservation-definitions.dto';
import { toExternalListTypeDto, toReservationSourceDto } from '../product-reservations.mapper';
import { LIST_TYPE_SORT_FIELDS, ReservationDefinitionService, SOURCE_SORT_FIELDS } from '../reservation-definition.service';

/** Where reservations come from; names in the caller's language. */
@ApiResource('product-reservation-sources')
@ApiTags('Product reservation sources')
export class ReservationSourcesController {
  constructor(
    private readonly definitions: ReservationDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Reservation sources',
    description:
      'Lists the active sources a reservation can come from, with names in the language Accept-Language asks for; deleted sources are left out.',
  })
  @ApiOkResponse({ type: ReservationSourceListResponseDto })
  async list(@Query() query: ListQueryDto, @Headers('accept-language') language?: string) {
    const page = await this.definitions.listSources(toPageRequest(query, SOURCE_SORT_FIELDS));
    return listEnvelope('product_reservation_sources', page, (source) =>
      toReservationSourceDto(source, responseOutput(this.config, language)),
    );
  }

  @Get(':product_reservation_source_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One reservation source',
    description:
      'Reads one active reservation source, named in the language Accept-Language asks for. 404 when the id names no source or a deleted one.',
  })
  @ApiOkResponse({ type: ReservationSourceResponseDto })
  async get(
    @Param('product_reservation_source_id') sourceId: string,
    @Headers('accept-language') language?: string,
  ): Promise<ReservationSourceResponseDto> {
    return dataEnvelope(toReservationSourceDto(await this.definitions.getSource(sourceId), responseOutput(this.config, language)));
  }
}

/** The kinds of external reservation codes. */
@ApiResource('product-reservation-external-list-types')
@ApiTags('Product reservation external list types')
export class ExternalListTypesController {
  constructor(private readonly definitions: ReservationDefinitionService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'External list types',
    description:
      'Lists the active kinds of external codes a reservation can carry; `name` keeps those whose name contains the text, ignoring case. Deleted types are left out.',
  })
  @ApiOkResponse({ type: ExternalListTypeListResponseDto })
  async list(@Query() query: ExternalListTypeListQueryDto) {
    const page = await this.definitions.listListTypes(query, toPageRequest(query, LIST_TYPE_SORT_FIELDS));
    return listEnvelope('product_reservation_external_list_types', page, toExternalListTypeDto);
  }

  @Get(':product_reservation_external_list_type_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One external list type',
    description: 'Reads one active external list type. 404 when the id names no type or a deleted one.',
  })
  @ApiOkResponse({ type: ExternalListTypeResponseDto })
  async get(@Param('product_reservation_external_list_type_id') listTypeId: string): Promise<ExternalListTypeResponseDto> {
    return dataEnvelope(toExternalListTypeDto(await this.definitions.getListType(listTypeId)));
  }
}
