import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UserRoleListResponseDto, UserRoleResponseDto } from '../dto/auth-response.dto';
import { ApiInterface, ApiResource, ListQueryDto, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { ApiUserService, USER_ROLE_SORT_FIELDS } from '../api-user.service';
import { toUserRoleDto } from '../auth.mapper';

@ApiResource('user-roles')
@ApiTags('User roles')
export class UserRolesController {
  constructor(private readonly users: ApiUserService) {}

  @Get()
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'List user roles',
    description: 'Lists the roles API users can hold, by id and name. Enterprise interface only.',
  })
  @ApiOkResponse({ type: UserRoleListResponseDto })
  async list(@Query() query: ListQueryDto) {
    return listEnvelope('user_roles', await this.users.listRoles(toPageRequest(query, USER_ROLE_SORT_FIELDS)), toUserRoleDto);
  }

  @Get(':user_role_id')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'One user role', description: 'Reads one user role. 404 when no role has this id. Enterprise interface only.' })
  @ApiOkResponse({ type: UserRoleResponseDto })
  async get(@Param('user_role_id') roleId: string): Promise<UserRoleResponseDto> {
    return dataEnvelope(toUserRoleDto(await this.users.getRole(roleId)));
  }
}
