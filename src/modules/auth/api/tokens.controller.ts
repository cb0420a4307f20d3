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
  @ApiOperation({
    summary: 'Create a device token (replaces the previous token of the same device and app)',
    description:
      'Starts a Customer-interface session for a device: returns a new opaque token id to send as the bearer token. A live token of the same device and external application is revoked in the same transaction, so a device holds one token per application. The external application must be active and registered for the Customer interface, or the answer is 403.',
  })
  @ApiCreatedResponse({ type: TokenIdResponseDto })
  async create(@Body() body: CreateTokenRequestDto): Promise<TokenIdResponseDto> {
    return dataEnvelope({ token_id: await this.tokens.create(body) });
  }

  @Put(':token_id')
  @Offers(ApiInterface.Customer)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Update the push token and app setup',
    description:
      "Stores the device's push token and app setup (language, GPS and notification consent) on the caller's own token. A token id other than the caller's answers 404.",
  })
  @ApiNoContentResponse()
  async update(@CurrentActor() actor: DeviceActor, @Param('token_id') tokenId: string, @Body() body: UpdateTokenRequestDto): Promise<void> {
    await this.tokens.updateSetup(actor, tokenId, body.setup, body.push_token);
  }

  @Post(':token_id/actions/login')
  @Offers(ApiInterface.Customer)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log a customer in on this token',
    description:
      "Checks a customer's login (e-mail, phone or card number) and password and binds the customer to the caller's token, which then reaches that customer's data. Wrong credentials answer 400 naming password, without telling whether the customer exists; repeated failures lock the login and answer 429 with Retry-After.",
  })
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
  @ApiOperation({
    summary: 'Log the customer out; the token stays a device token',
    description: "Unbinds the logged-in customer from the caller's token. The token stays valid for operations that need no customer.",
  })
  @ApiNoContentResponse()
  async logout(@CurrentActor() actor: DeviceActor, @Param('token_id') tokenId: string): Promise<void> {
    await this.tokens.logoutCustomer(actor, tokenId);
  }

  @Get(':token_id/actions/auth-token')
  @Offers(ApiInterface.Customer)
  @ApiOperation({
    summary: 'Issue a single-use token that signs the customer in to another application',
    description:
      "Issues a short-lived, single-use token with which another external application can log the same customer in (POST /tokens/{token_id}/actions/authentication-token-login). Needs a customer logged in on the caller's token, else 403.",
  })
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
  @ApiOperation({
    summary: 'Log in with a token issued by another application',
    description:
      "Redeems a single-use authentication token issued for this application and logs its customer in on the caller's token. A used, expired or foreign token, or a customer who is no longer active, answers 400; a token for another application answers 403.",
  })
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
  @ApiOperation({
    summary: "Log in the project's configured test customer",
    description:
      "Logs the customer named by TESSERA_TEST_CUSTOMER_ID in on the caller's token, for app store reviews and demos. Answers 403 when no active test customer is configured.",
  })
  @ApiOkResponse({ type: TokenCustomerIdResponseDto })
  async loginTestCustomer(@CurrentActor() actor: DeviceActor, @Param('token_id') tokenId: string): Promise<TokenCustomerIdResponseDto> {
    return dataEnvelope({ customer_id: await this.tokens.loginTestCustomer(actor, tokenId) });
  }
}
