import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiInterface, ApiResource, ListQueryDto, Offers, dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { ApiUserService, USER_ROLE_SORT_FIELDS } from '../api-user.service';
import { toUserRoleDto } from '../auth.mapper';

@ApiResource('user-roles')
@ApiTags('User roles')
export class UserRolesController {
  constructor(private readonly users: ApiUserService) {}

  @Get()
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'List user roles' })
  async list(@Query() query: ListQueryDto) {
    return listEnvelope('user_roles', await this.users.listRoles(toPageRequest(query, USER_ROLE_SORT_FIELDS)), toUserRoleDto);
  }

  @Get(':user_role_id')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'One user role' })
  async get(@Param('user_role_id') roleId: string) {
    return dataEnvelope(toUserRoleDto(await this.users.getRole(roleId)));
  }
}
