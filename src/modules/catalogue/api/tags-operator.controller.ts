import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { TagDefinitionDto, TagDefinitionListResponseDto, TagDefinitionResponseDto } from '../dto/tag-definition.dto';
import { TagDefinitionRepository } from '../tag-definition.repository';

@OperatorResource('tags')
export class TagsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly tags: TagDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'Tags', description: 'Product and reward tags, active and deactivated, by text id.' })
  @ApiOkResponse({ type: TagDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('tags', await this.tags.list(query, toPageRequest(query, [])), (tag) => tag);
  }

  @Get(':tag_key')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One tag', description: 'By id or text id. 404 when neither names a tag.' })
  @ApiOkResponse({ type: TagDefinitionResponseDto })
  async show(@Param('tag_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.tags, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Create a tag', description: 'A text id no other tag has, and its name in one language or more.' })
  @ApiCreatedResponse({ type: TagDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: TagDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.tags, body));
  }

  @Put(':tag_key')
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Change a tag', description: 'Replaces its text id and names; products and rewards keep pointing at it.' })
  @ApiOkResponse({ type: TagDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('tag_key') key: string, @Body() body: TagDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.tags, key, body));
  }

  @Post(':tag_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a tag',
    description: 'State 0: kept for the products and rewards that carry it, offered for nothing new.',
  })
  @ApiOkResponse({ type: TagDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('tag_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.tags, key, 0));
  }

  @Post(':tag_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a tag', description: 'State 1 again.' })
  @ApiOkResponse({ type: TagDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('tag_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.tags, key, 1));
  }
}
