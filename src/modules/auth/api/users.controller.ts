import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LoginResultResponseDto, UserListResponseDto, UserResponseDto, VerifiedUserIdResponseDto } from '../dto/auth-response.dto';
import {
  ApiInterface,
  ApiResource,
  ApiUserActor,
  CurrentActor,
  Offers,
  Public,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { USER_SORT_FIELDS, ApiUserService } from '../api-user.service';
import { toLoginResultDto, toUserDto } from '../auth.mapper';
import { LoginRequestDto, LogoutRequestDto, UserListQueryDto, VerifyAuthTokenRequestDto } from '../dto/user.dto';
import { EnterpriseSessionService } from '../enterprise-session.service';

@ApiResource('users')
@ApiTags('Users')
export class UsersController {
  constructor(
    private readonly users: ApiUserService,
    private readonly sessions: EnterpriseSessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'List API users' })
  @ApiOkResponse({ type: UserListResponseDto })
  async list(@Query() query: UserListQueryDto) {
    const page = await this.users.list(query, toPageRequest(query, USER_SORT_FIELDS));
    return listEnvelope('users', page, (user) => toUserDto(user, this.config.timeZone));
  }

  @Get(':user_id')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'One API user' })
  @ApiOkResponse({ type: UserResponseDto })
  async get(@Param('user_id') userId: string): Promise<UserResponseDto> {
    return dataEnvelope(toUserDto(await this.users.get(userId), this.config.timeZone));
  }

  @Post('actions/login')
  @Offers(ApiInterface.Enterprise)
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in and receive a bearer token' })
  @ApiOkResponse({ type: LoginResultResponseDto })
  async login(@Body() body: LoginRequestDto): Promise<LoginResultResponseDto> {
    return dataEnvelope(toLoginResultDto(await this.sessions.login(body), this.config.timeZone));
  }

  @Post('actions/logout')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a bearer token at once' })
  @ApiNoContentResponse()
  async logout(@CurrentActor() actor: ApiUserActor, @Body() body: LogoutRequestDto): Promise<void> {
    await this.sessions.logout(actor, body.user_external_application_id, body.bearer_token);
  }

  @Post('actions/verify-auth-token')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({ summary: 'Tell which API user a bearer token belongs to' })
  @ApiOkResponse({ type: VerifiedUserIdResponseDto })
  async verifyAuthToken(@Body() body: VerifyAuthTokenRequestDto): Promise<VerifiedUserIdResponseDto> {
    return dataEnvelope({ user_id: await this.sessions.verify(body.auth_token) });
  }
}
