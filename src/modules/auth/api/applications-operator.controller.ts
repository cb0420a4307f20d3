import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, DefinitionLifecycle, OperatorWriter } from '../../audit';
import { ApplicationDefinitionRepository } from '../application-definition.repository';
import { ApplicationPermissionOperations } from '../application-permission-operations.service';
import {
  ApplicationDefinitionDto,
  ApplicationDefinitionListResponseDto,
  ApplicationDefinitionResponseDto,
  ApplicationPermissionChangeDto,
  ApplicationPermissionsResponseDto,
} from '../dto/application-definition.dto';

@OperatorResource('applications')
export class ApplicationsOperatorController {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly applications: ApplicationDefinitionRepository,
    private readonly permissions: ApplicationPermissionOperations,
  ) {}

  @Get()
  @OperatorAccess('integrations:read')
  @ApiOperation({
    summary: 'External applications',
    description: 'Of both interfaces, active and deactivated; q matches the name or text id.',
  })
  @ApiOkResponse({ type: ApplicationDefinitionListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('applications', await this.applications.list(query, toPageRequest(query, [])), (application) => application);
  }

  @Get(':application_key')
  @OperatorAccess('integrations:read')
  @ApiOperation({ summary: 'One external application', description: 'By id or text id. 404 when neither names one.' })
  @ApiOkResponse({ type: ApplicationDefinitionResponseDto })
  async show(@Param('application_key') key: string) {
    return dataEnvelope(await this.lifecycle.show(this.applications, key));
  }

  @Post()
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: 'Register an external application',
    description: 'A name, a text id no other application has, and the interface it calls (fixed from then on).',
  })
  @ApiCreatedResponse({ type: ApplicationDefinitionResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: ApplicationDefinitionDto) {
    return dataEnvelope(await this.lifecycle.create(actor, this.applications, body));
  }

  @Put(':application_key')
  @OperatorAccess('integrations:write')
  @ApiOperation({ summary: 'Change an external application', description: 'Its name and text id; the interface cannot change.' })
  @ApiOkResponse({ type: ApplicationDefinitionResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('application_key') key: string, @Body() body: ApplicationDefinitionDto) {
    return dataEnvelope(await this.lifecycle.change(actor, this.applications, key, body));
  }

  @Post(':application_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: 'Deactivate an external application',
    description: 'State 0: it can no longer sign in or create tokens, and its tokens are refused from their next request.',
  })
  @ApiOkResponse({ type: ApplicationDefinitionResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('application_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.applications, key, 0));
  }

  @Post(':application_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('integrations:write')
  @ApiOperation({ summary: 'Activate an external application', description: 'State 1 again: its tokens are accepted again.' })
  @ApiOkResponse({ type: ApplicationDefinitionResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('application_key') key: string) {
    return dataEnvelope(await this.lifecycle.setState(actor, this.applications, key, 1));
  }

  @Get(':application_key/permissions')
  @OperatorAccess('integrations:read')
  @ApiOperation({
    summary: "An application's permissions",
    description: 'The operations of its interface it may call: the defaults, with what was granted beyond them and revoked from them.',
  })
  @ApiOkResponse({ type: ApplicationPermissionsResponseDto })
  async showPermissions(@Param('application_key') key: string) {
    return dataEnvelope(await this.permissions.show(key));
  }

  @Post(':application_key/permissions')
  @OperatorAccess('integrations:write')
  @ApiOperation({
    summary: 'Grant or revoke operations',
    description:
      'Operation keys ("POST /stores") or group names, granted then revoked; one set back to its default follows the defaults again. Counts from the next request.',
  })
  @ApiOkResponse({ type: ApplicationPermissionsResponseDto })
  async changePermissions(
    @OperatorWriter() actor: AuditActor,
    @Param('application_key') key: string,
    @Body() body: ApplicationPermissionChangeDto,
  ) {
    return dataEnvelope((await this.permissions.change(actor, key, body)).permissions);
  }
}
