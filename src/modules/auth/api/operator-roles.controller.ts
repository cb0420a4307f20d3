import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { OperatorRoleInputDto, OperatorRoleListResponseDto, OperatorRoleResponseDto } from '../dto/operator.dto';
import { OperatorDirectoryService } from '../operator/operator-directory.service';

@OperatorResource('user-roles')
export class OperatorRolesController {
  constructor(private readonly directory: OperatorDirectoryService) {}

  @Get()
  @OperatorAccess('users:read')
  @ApiOperation({
    summary: 'User roles',
    description:
      'The roles by name, with the operator API permissions each grants (a deactivated one grants nothing); q matches the name or text id.',
  })
  @ApiOkResponse({ type: OperatorRoleListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('user_roles', await this.directory.listRoles(query, toPageRequest(query, [])), (role) => role);
  }

  @Get(':role_key')
  @OperatorAccess('users:read')
  @ApiOperation({ summary: 'One user role', description: 'By id or text id. 404 when neither names a role.' })
  @ApiOkResponse({ type: OperatorRoleResponseDto })
  async show(@Param('role_key') key: string) {
    return dataEnvelope(await this.directory.showRole(key));
  }

  @Post()
  @OperatorAccess('users:write')
  @ApiOperation({ summary: 'Create a role', description: 'A custom role: a text id, a name and the permissions it grants.' })
  @ApiCreatedResponse({ type: OperatorRoleResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: OperatorRoleInputDto) {
    return dataEnvelope(await this.directory.createRole(actor, body));
  }

  @Put(':role_key')
  @OperatorAccess('users:write')
  @ApiOperation({
    summary: 'Change a role',
    description: 'Replaces its text id, name, description and permissions; holders get the new permissions at once.',
  })
  @ApiOkResponse({ type: OperatorRoleResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('role_key') key: string, @Body() body: OperatorRoleInputDto) {
    return dataEnvelope(await this.directory.changeRole(actor, key, body));
  }

  @Post(':role_key/actions/deactivate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('users:write')
  @ApiOperation({ summary: 'Deactivate a role', description: 'The role stays on its holders, for history, but grants nothing.' })
  @ApiOkResponse({ type: OperatorRoleResponseDto })
  async deactivate(@OperatorWriter() actor: AuditActor, @Param('role_key') key: string) {
    return dataEnvelope(await this.directory.setRoleState(actor, key, 0));
  }

  @Post(':role_key/actions/activate')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('users:write')
  @ApiOperation({ summary: 'Activate a role', description: 'A deactivated role grants its permissions again.' })
  @ApiOkResponse({ type: OperatorRoleResponseDto })
  async activate(@OperatorWriter() actor: AuditActor, @Param('role_key') key: string) {
    return dataEnvelope(await this.directory.setRoleState(actor, key, 1));
  }
}
