import { Body, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthTokenResponseDto, TokenCustomerIdResponseDto, TokenIdResponseDto } from '../dto/auth-response.dto';
import { ApiInterface, ApiResource, CurrentActor, DeviceActor, Offers, Public, dataEnvelope } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toAuthTokenDto } from '../auth.mapper';
import { DeviceTokenService } from '../device-token.service';
import {
  AuthTokenQueryDto,
  AuthenticationTokenLoginRequestDto,
  CreateTokenRequestDto,
  TokenLoginRequestDto,
  UpdateTokenRequestDto,
} from '../dto/token.dto';

@ApiResource('tokens')
@ApiTags('Tokens')
export class TokensController {
  constructor(
    private readonly tokens: DeviceTokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Offers(ApiInterface.Customer)
  @Public()
  @ApiOperation({ summary: 'Create a device token (replaces the previous token of the same device and app)' })
  @ApiCreatedResponse({ type: TokenIdResponseDto })
  async create(@Body() body: CreateTokenRequestDto): Promise<TokenIdResponseDto> {
    return dataEnvelope({ token_id: await this.tokens.create(body) });
  }

  @Put(':token_id')
  @Offers(ApiInterface.Customer)
  @HttpCode(204)
  @ApiOperation({ summary: 'Update the push token and app setup' })
  @ApiNoContentResponse()
  async update(@CurrentActor() actor: DeviceActor, @Param('token_id') tokenId: string, @Body() body: UpdateTokenRequestDto): Promise<void> {
    await this.tokens.updateSetup(actor, tokenId, body.setup, body.push_token);
  }

  @Post(':token_id/actions/login')
  @Offers(ApiInterface.Customer)
  @HttpCode(200)
  @ApiOperation({ summary: 'Log a customer in on this token' })
  @ApiOkResponse({ type: TokenCustomerIdResponseDto })
  async login(
    @CurrentActor() actor: DeviceActor,
    @Param('token_id') tokenId: string,
    @Body() body: TokenLoginRequestDto,
  ): Promise<TokenCustomerIdResponseDto> {
    return dataEnvelope({
      customer_id: await this.tokens.loginCustomer(actor, tokenId, body.login_type, body.login_value, body.password),
    });
  }

  @Post(':token_id/actions/logout')
  @Offers(ApiInterface.Customer)
  @HttpCode(204)
  @ApiOperation({ summary: 'Log the customer out; the token stays a device token' })
  @ApiNoContentResponse()
  async logout(@CurrentActor() actor: DeviceActor, @Param('token_id') tokenId: string): Promise<void> {
    await this.tokens.logoutCustomer(actor, tokenId);
  }

  @Get(':token_id/actions/auth-token')
  @Offers(ApiInterface.Customer)
  @ApiOperation({ summary: 'Issue a single-use token that signs the customer in to another application' })
  @ApiOkResponse({ type: AuthTokenResponseDto })
  async authToken(
    @CurrentActor() actor: DeviceActor,
    @Param('token_id') tokenId: string,
    @Query() query: AuthTokenQueryDto,
  ): Promise<AuthTokenResponseDto> {
    const issued = await this.tokens.issueAuthToken(actor, tokenId, query.external_application_id, query.token_type);
    return dataEnvelope(toAuthTokenDto(issued, this.config.timeZone));
  }

  @Post(':token_id/actions/authentication-token-login')
  @Offers(ApiInterface.Customer)
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with a token issued by another application' })
  @ApiOkResponse({ type: TokenCustomerIdResponseDto })
  async authenticationTokenLogin(
    @CurrentActor() actor: DeviceActor,
    @Param('token_id') tokenId: string,
    @Body() body: AuthenticationTokenLoginRequestDto,
  ): Promise<TokenCustomerIdResponseDto> {
    return dataEnvelope({
      customer_id: await this.tokens.loginWithAuthToken(actor, tokenId, body.application_id, body.token, body.token_request_id),
    });
  }

  @Post(':token_id/actions/login-test-customer')
  @Offers(ApiInterface.Customer)
  @HttpCode(200)
  @ApiOperation({ summary: "Log in the project's configured test customer" })
  @ApiOkResponse({ type: TokenCustomerIdResponseDto })
  async loginTestCustomer(@CurrentActor() actor: DeviceActor, @Param('token_id') tokenId: string): Promise<TokenCustomerIdResponseDto> {
    return dataEnvelope({ customer_id: await this.tokens.loginTestCustomer(actor, tokenId) });
  }
}
