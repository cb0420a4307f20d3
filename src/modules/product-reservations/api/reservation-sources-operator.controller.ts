import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  ReservationSourceDefinitionDto,
  ReservationSourceDefinitionListResponseDto,
  ReservationSourceDefinitionResponseDto,
} from '../dto/reservation-source-definition.dto';
import { ReservationSourceDefinitionRepository } from '../reservation-source-definition.repository';

@OperatorResource('product-reservation-sources')
export class ReservationSourcesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly sources: ReservationSourceDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Reservation sources', description: 'Where reservations come from, active and deactivated, by text id.' })
  @ApiOkResponse({ type: ReservationSourceDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('product_reservation_sources', await this.sources.list(query, toPageRequest(query, [])), (view) => view);
  }

  @Get(':source_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One reservation source', description: 'By id or text id. 404 when neither names a source.' })
  @ApiOkResponse({ type: ReservationSourceDefinitionResponseDto })
  async show(@Param('source_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.sources, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a reservation source',
    description: 'A text id no other source has, and its name in one language or more.',
  })
  @ApiCreatedResponse({ type: ReservationSourceDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: ReservationSourceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.sources, body));
  }

  @Put(':source_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a reservation source',
    description: 'Replaces its text id and names; reservations keep pointing at it.',
  })
  @ApiOkResponse({ type: ReservationSourceDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('source_key') key: string, @Body() body: ReservationSourceDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.sources, key, body));
  }

  @Post(':source_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a reservation source',
    description:
      'State 0, what the contract calls deleted: reservations keep it, the contract no longer lists or reads it, and new reservations cannot name it.',
  })
  @ApiOkResponse({ type: ReservationSourceDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('source_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.sources, key, 0));
  }

  @Post(':source_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a reservation source', description: 'State 1 again.' })
  @ApiOkResponse({ type: ReservationSourceDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('source_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.sources, key, 1));
  }
}
