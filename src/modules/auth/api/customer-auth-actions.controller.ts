import { Body, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiInterface, ApiResource, ApiUserActor, CurrentActor, Offers, dataEnvelope, formatDateTime } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  AuthTokenBodyDto,
  CancelPushNotificationsBodyDto,
  CustomerAuthTokenResponseDto,
  CustomerIdentityResponseDto,
  CustomerPushService,
  SetPushNotificationsBodyDto,
  VerifyAuthTokenBodyDto,
} from '../../customers';
import { CustomerAuthTokenService } from '../customer-auth-token.service';
import { ExternalApplicationService } from '../external-application.service';

/** The customer actions that belong to auth: single-use sign-in tokens and push registrations bound to an application. */
@ApiResource('customers/actions')
@ApiTags('Customers actions')
export class CustomerAuthActionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly authTokens: CustomerAuthTokenService,
    private readonly applications: ExternalApplicationService,
    private readonly push: CustomerPushService,
  ) {}

  @Post('auth-token')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Issue a single-use token that signs the customer in to another application',
    description:
      'Issues, for a customer the back office names, a short-lived single-use token with which a Customer-interface application can log that customer in (POST /tokens/{token_id}/actions/authentication-token-login).',
  })
  @ApiOkResponse({ type: CustomerAuthTokenResponseDto })
  async authToken(@CurrentActor() actor: ApiUserActor, @Body() body: AuthTokenBodyDto): Promise<CustomerAuthTokenResponseDto> {
    const issued = await this.authTokens.issueForNamedCustomer(
      body.customer_id,
      actor.applicationId,
      body.external_application_id,
      body.token_type,
    );
    return dataEnvelope({
      authentication_token: issued.authenticationToken,
      token_request_id: issued.tokenRequestId,
      valid_to: formatDateTime(issued.validTo, this.config.timeZone),
    });
  }

  @Post('verify-auth-token')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Redeem a single-use authentication token and tell whose it is',
    description:
      "Redeems a single-use authentication token issued for the named application and answers its customer's id. The token then is used up; a used, expired or unknown token answers 400.",
  })
  @ApiOkResponse({ type: CustomerIdentityResponseDto })
  async verifyAuthToken(@Body() body: VerifyAuthTokenBodyDto): Promise<CustomerIdentityResponseDto> {
    return dataEnvelope({ customer_id: await this.authTokens.redeem(body.application_id, body.token, body.token_request_id) });
  }

  @Post('set-push-notifications')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: "Register a device's push token for the customer",
    description:
      "Registers a device's push token for a customer in a Customer-interface application (400 when the application is not one), so push messages can reach the device.",
  })
  @ApiNoContentResponse()
  async setPushNotifications(@Body() body: SetPushNotificationsBodyDto): Promise<void> {
    await this.applications.requireCustomerApplicationIn('external_application_id', body.external_application_id);
    await this.push.register(body);
  }

  @Post('cancel-push-notifications')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove one push registration, or all of an application',
    description:
      "Removes a customer's push registration for one push token, or all of the customer's registrations in the application when no push token is given.",
  })
  @ApiNoContentResponse()
  async cancelPushNotifications(@Body() body: CancelPushNotificationsBodyDto): Promise<void> {
    await this.applications.requireCustomerApplicationIn('external_application_id', body.external_application_id);
    await this.push.cancel(body.customer_id, body.external_application_id, body.push_token);
  }
}
