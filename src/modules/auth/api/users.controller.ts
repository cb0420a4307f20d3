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
  @ApiOperation({
    summary: 'List API users',
    description:
      'Lists the API users who can sign in to the Enterprise interface, with their names, e-mail and last login; never their passwords.',
  })
  @ApiOkResponse({ type: UserListResponseDto })
  async list(@Query() query: UserListQueryDto) {
    const page = await this.users.list(query, toPageRequest(query, USER_SORT_FIELDS));
    return listEnvelope('users', page, (user) => toUserDto(user, this.config.timeZone));
  }

  @Get(':user_id')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'One API user',
    description: 'Reads one API user by id.',
  })
  @ApiOkResponse({ type: UserResponseDto })
  async get(@Param('user_id') userId: string): Promise<UserResponseDto> {
    return dataEnvelope(toUserDto(await this.users.get(userId), this.config.timeZone));
  }

  @Post('actions/login')
  @Offers(ApiInterface.Enterprise)
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in and receive a bearer token',
    description:
      "Checks an API user's login and password for an active Enterprise external application and returns a new opaque bearer token with its expiry (TESSERA_TOKEN_LIFETIME) and the user. Records the login time. Wrong credentials answer 401 without telling whether the login exists; after TESSERA_LOGIN_MAX_FAILURES failures the login is locked for TESSERA_LOGIN_LOCK and answers 429 with Retry-After; an unknown or inactive application answers 403.",
  })
  @ApiOkResponse({ type: LoginResultResponseDto })
  async login(@Body() body: LoginRequestDto): Promise<LoginResultResponseDto> {
    return dataEnvelope(toLoginResultDto(await this.sessions.login(body), this.config.timeZone));
  }

  @Post('actions/logout')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Revoke a bearer token at once',
    description:
      "Revokes one of the calling user's own bearer tokens for the named application before it expires; later requests with it answer 401. A token that is unknown, revoked or someone else's answers 400 naming bearer_token.",
  })
  @ApiNoContentResponse()
  async logout(@CurrentActor() actor: ApiUserActor, @Body() body: LogoutRequestDto): Promise<void> {
    await this.sessions.logout(actor, body.user_external_application_id, body.bearer_token);
  }

  @Post('actions/verify-auth-token')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Tell which API user a bearer token belongs to',
    description:
      'Returns the id of the API user a live bearer token was issued to, so another system can check a token it was handed. An unknown, expired or revoked token answers 400 naming auth_token.',
  })
  @ApiOkResponse({ type: VerifiedUserIdResponseDto })
  async verifyAuthToken(@Body() body: VerifyAuthTokenRequestDto): Promise<VerifiedUserIdResponseDto> {
    return dataEnvelope({ user_id: await this.sessions.verify(body.auth_token) });
  }
}
