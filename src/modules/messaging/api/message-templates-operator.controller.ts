import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import {
  MessageTemplateDefinitionDto,
  MessageTemplateDefinitionListResponseDto,
  MessageTemplateDefinitionResponseDto,
} from '../dto/message-template-definition.dto';
import { MessageTemplateDefinitionRepository } from '../message-template-definition.repository';

@OperatorResource('message-templates')
export class MessageTemplatesOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly templates: MessageTemplateDefinitionRepository,
  ) {}

  @Get()
  @OperatorAccess('definitions:read')
  @ApiOperation({
    summary: 'Message templates',
    description: 'Active and deactivated, by name, with their bodies; `q` searches names and subjects.',
  })
  @ApiOkResponse({ type: MessageTemplateDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('message_templates', await this.templates.list(query, toPageRequest(query, [])), (template) => template);
  }

  @Get(':message_template_id')
  @OperatorAccess('definitions:read')
  @ApiOperation({ summary: 'One message template', description: 'By id, whatever its state. 404 when no template has it.' })
  @ApiOkResponse({ type: MessageTemplateDefinitionResponseDto })
  async show(@Param('message_template_id') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.templates, key));
  }

  @Post()
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Create a message template',
    description: "For one channel (code, id or text id); with a purpose, it becomes the project's default for it on that channel.",
  })
  @ApiCreatedResponse({ type: MessageTemplateDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: MessageTemplateDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.templates, body));
  }

  @Put(':message_template_id')
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Change a message template',
    description: 'Replaces the whole template; messages already sent keep what they were sent with.',
  })
  @ApiOkResponse({ type: MessageTemplateDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('message_template_id') key: string, @Body() body: MessageTemplateDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.templates, key, body));
  }

  @Post(':message_template_id/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({
    summary: 'Deactivate a message template',
    description: 'State 0: the API no longer lists it nor sends with it; messages sent with it keep naming it.',
  })
  @ApiOkResponse({ type: MessageTemplateDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('message_template_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.templates, key, 0));
  }

  @Post(':message_template_id/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('definitions:write')
  @ApiOperation({ summary: 'Activate a message template', description: 'State 1 again; with a purpose, it is the default for it again.' })
  @ApiOkResponse({ type: MessageTemplateDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('message_template_id') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.templates, key, 1));
  }
}
