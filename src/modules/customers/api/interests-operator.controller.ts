import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { InterestDefinitionDto, InterestDefinitionListResponseDto, InterestDefinitionResponseDto } from '../dto/interest-definition.dto';
import { InterestDefinitionRepository } from '../interest-definition.repository';

@OperatorResource('interests')
export class InterestsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly interests: InterestDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Interests',
    description: 'What customers may declare an interest in, active and deactivated; q finds part of the name.',
  })
  @ApiOkResponse({ type: InterestDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('interests', await this.interests.list(query, toPageRequest(query, [])), (interest) => interest);
  }

  @Get(':interest_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One interest', description: 'By id. 404 when it names no interest.' })
  @ApiOkResponse({ type: InterestDefinitionResponseDto })
  async show(@Param('interest_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.interests, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create an interest', description: 'A name; the id is made for it.' })
  @ApiCreatedResponse({ type: InterestDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: InterestDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.interests, body));
  }

  @Put(':interest_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change an interest', description: 'Renames it; customers who declared it keep it.' })
  @ApiOkResponse({ type: InterestDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('interest_id') key: string, @Body() body: InterestDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.interests, key, body));
  }

  @Post(':interest_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate an interest',
    description: 'State 0: customers who declared it keep it, but the API no longer offers it.',
  })
  @ApiOkResponse({ type: InterestDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('interest_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.interests, key, 0));
  }

  @Post(':interest_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate an interest', description: 'State 1 again.' })
  @ApiOkResponse({ type: InterestDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('interest_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.interests, key, 1));
  }
}
