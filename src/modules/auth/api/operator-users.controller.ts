import { Body, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { DefinitionListQueryDto, OperatorAccess, OperatorResource, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import {
  NewOperatorUserInputDto,
  OperatorUserInputDto,
  OperatorUserListResponseDto,
  OperatorUserResponseDto,
  PasswordResetInputDto,
  UserWithPasswordResponseDto,
} from '../dto/operator.dto';
import { OperatorDirectoryService } from '../operator/operator-directory.service';

@OperatorResource('users')
export class OperatorUsersController {
  constructor(private readonly directory: OperatorDirectoryService) {}

  @Get()
  @OperatorAccess('users:read')
  @ApiOperation({
    summary: 'API users',
    description:
      'The API users by login, with their roles, state (1 active, 0 disabled) and whether they sign in with a second factor; q matches the login, names or e-mail.',
  })
  @ApiOkResponse({ type: OperatorUserListResponseDto })
  async list(@Query() query: DefinitionListQueryDto) {
    return listEnvelope('users', await this.directory.listUsers(query, toPageRequest(query, [])), (user) => user);
  }

  @Get(':user_key')
  @OperatorAccess('users:read')
  @ApiOperation({ summary: 'One API user', description: 'By id or login. 404 when neither names a user.' })
  @ApiOkResponse({ type: OperatorUserResponseDto })
  async show(@Param('user_key') key: string) {
    return dataEnvelope(await this.directory.showUser(key));
  }

  @Post()
  @OperatorAccess('users:write')
  @ApiOperation({
    summary: 'Create an API user',
    description:
      'With roles (text ids or ids) and an optional store (id or code). Without a password one is generated and answered this once.',
  })
  @ApiCreatedResponse({ type: UserWithPasswordResponseDto })
  async create(@OperatorWriter() actor: AuditActor, @Body() body: NewOperatorUserInputDto) {
    return dataEnvelope(await this.directory.createUser(actor, body));
  }

  @Put(':user_key')
  @OperatorAccess('users:write')
  @ApiOperation({ summary: 'Change an API user', description: 'Replaces the login, names, contacts, store binding and roles.' })
  @ApiOkResponse({ type: OperatorUserResponseDto })
  async change(@OperatorWriter() actor: AuditActor, @Param('user_key') key: string, @Body() body: OperatorUserInputDto) {
    return dataEnvelope(await this.directory.changeUser(actor, key, body));
  }

  @Post(':user_key/actions/disable')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('users:write')
  @ApiOperation({
    summary: 'Disable an API user',
    description: 'The user can no longer sign in anywhere; their sign-ins end at once. Kept, with their history.',
  })
  @ApiOkResponse({ type: OperatorUserResponseDto })
  async disable(@OperatorWriter() actor: AuditActor, @Param('user_key') key: string) {
    return dataEnvelope(await this.directory.setUserState(actor, key, 0));
  }

  @Post(':user_key/actions/enable')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('users:write')
  @ApiOperation({ summary: 'Enable an API user', description: 'A disabled user may sign in again.' })
  @ApiOkResponse({ type: OperatorUserResponseDto })
  async enable(@OperatorWriter() actor: AuditActor, @Param('user_key') key: string) {
    return dataEnvelope(await this.directory.setUserState(actor, key, 1));
  }

  @Post(':user_key/actions/reset-password')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('users:write')
  @ApiOperation({
    summary: 'Reset a password',
    description: 'Sets the given password or a generated one (answered once) and ends every sign-in of the user.',
  })
  @ApiOkResponse({ type: UserWithPasswordResponseDto })
  async resetPassword(@OperatorWriter() actor: AuditActor, @Param('user_key') key: string, @Body() body: PasswordResetInputDto) {
    return dataEnvelope(await this.directory.resetPassword(actor, key, body.password));
  }

  @Post(':user_key/actions/reset-second-factor')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('users:write')
  @ApiOperation({
    summary: "Remove a user's second factor",
    description: 'For a lost authenticator: the user signs in with the password alone and may set a new one.',
  })
  @ApiOkResponse({ type: OperatorUserResponseDto })
  async resetSecondFactor(@OperatorWriter() actor: AuditActor, @Param('user_key') key: string) {
    return dataEnvelope(await this.directory.resetSecondFactor(actor, key));
  }
}
