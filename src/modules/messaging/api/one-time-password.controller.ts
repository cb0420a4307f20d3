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
  @ApiOperation({ summary: 'Send a one-time password to a recipient' })
  @ApiOkResponse({ type: OtpRequestIdResponseDto })
  async send(@Body() body: SendOtpBodyDto): Promise<OtpRequestIdResponseDto> {
    return dataEnvelope({ request_id: await this.passwords.send(body) });
  }

  @Post('actions/verify')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a one-time password; a right code works once' })
  @ApiOkResponse({ type: OtpVerificationResponseDto })
  async verify(@Body() body: VerifyOtpBodyDto): Promise<OtpVerificationResponseDto> {
    return dataEnvelope({ is_valid: await this.passwords.verify(body) });
  }
}
