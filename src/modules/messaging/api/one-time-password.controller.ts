import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, Offers } from '@tessera/http';
import { OtpRequestIdResponseDto, OtpVerificationResponseDto, SendOtpBodyDto, VerifyOtpBodyDto } from '../dto/one-time-password.dto';
import { OneTimePasswordService } from '../one-time-password.service';

/** One-time passwords; any valid token may ask for them, as they serve people who have no account yet. */
@ApiResource('one-time-password')
@ApiTags('One Time Password')
export class OneTimePasswordController {
  constructor(private readonly passwords: OneTimePasswordService) {}

  @Post('actions/send')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a one-time password to a recipient',
    description:
      'Generates a one-time password and queues it for delivery to an e-mail address, phone number or customer through the chosen channel and template; no consent is needed. Answers a random request_id to verify the code with. More than five sends to one recipient within an hour answer 429 with Retry-After. Neither the code nor the request id is stored in readable form.',
  })
  @ApiOkResponse({ type: OtpRequestIdResponseDto })
  async send(@Body() body: SendOtpBodyDto): Promise<OtpRequestIdResponseDto> {
    return dataEnvelope({ request_id: await this.passwords.send(body) });
  }

  @Post('actions/verify')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check a one-time password; a right code works once',
    description:
      'Answers is_valid true once for the right code (letter case ignored) sent for this request and application within TESSERA_OTP_TTL, and false otherwise: a wrong, expired or used code, an unknown request or another application. Five wrong codes use the request up.',
  })
  @ApiOkResponse({ type: OtpVerificationResponseDto })
  async verify(@Body() body: VerifyOtpBodyDto): Promise<OtpVerificationResponseDto> {
    return dataEnvelope({ is_valid: await this.passwords.verify(body) });
  }
}
