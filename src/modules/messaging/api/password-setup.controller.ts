import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController, ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiInterface, ApiResource, CurrentActor, DeviceActor, Offers } from '@tessera/http';
import { RedeemPasswordSetupBodyDto, SendPasswordSetupBodyDto } from '../dto/password-setup.dto';
import { PasswordSetupService } from '../password-setup.service';

/** `send-password-setup-email` of the tokens resource: the link is a message, so messaging sends it. */
@ApiResource('tokens')
@ApiTags('Tokens')
export class PasswordSetupTokensController {
  constructor(private readonly passwordSetup: PasswordSetupService) {}

  @Post(':token_id/actions/send-password-setup-email')
  @Offers(ApiInterface.Customer)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Send a password-setup link to a contact, if it is a customer’s (the answer is the same either way)',
    description:
      "When the e-mail address or phone number belongs to an active customer, sends it a single-use link to the configured password-setup page, at most 5 per customer an hour; otherwise nothing is sent and the answer is the same. `token_id` must be the caller's own device token (404 otherwise); refused when no password-setup page is configured or the channel has no password-setup template. Customer interface only.",
  })
  @ApiNoContentResponse()
  async send(
    @CurrentActor() actor: DeviceActor,
    @Param('token_id') tokenId: string,
    @Body() body: SendPasswordSetupBodyDto,
  ): Promise<void> {
    await this.passwordSetup.send(actor, tokenId, body);
  }
}

/**
 * Where the operator's password-setup page sends the link's token with the new password. Outside both
 * interfaces and without a bearer token: the single-use link token is the credential.
 */
@ApiExcludeController()
@Controller('webservice/password-setup')
export class PasswordSetupRedeemController {
  constructor(private readonly passwordSetup: PasswordSetupService) {}

  @Post()
  @HttpCode(204)
  async redeem(@Body() body: RedeemPasswordSetupBodyDto): Promise<void> {
    await this.passwordSetup.redeem(body.token, body.password);
  }
}
