import { Body, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentOperator, OperatorAccess, OperatorActor, OperatorOperation, OperatorResource, dataEnvelope } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { ApiUserService } from '../api-user.service';
import {
  CurrentOperatorResponseDto,
  OperatorSignInDto,
  SecondFactorCodeDto,
  SecondFactorEnrolmentResponseDto,
  SignedInResponseDto,
} from '../dto/operator.dto';
import { toUserView } from '../operator/operator-directory.service';
import { OperatorSecondFactorService } from '../operator/operator-second-factor.service';
import { OperatorSessionService } from '../operator/operator-session.service';

type SignedInActor = AuditActor & { userId: string };

@OperatorResource('sessions')
export class OperatorSessionsController {
  constructor(
    private readonly sessions: OperatorSessionService,
    private readonly secondFactor: OperatorSecondFactorService,
    private readonly users: ApiUserService,
  ) {}

  @Post()
  @OperatorAccess('public')
  @ApiOperation({
    summary: 'Sign in',
    description:
      'Signs an API user in to the operator API with their login and password, and the authenticator code when they set a second factor ' +
      '(a 401 whose error_data names second_factor asks for it). The user must hold a role that grants something here. ' +
      'Failed sign-ins lock the login for a while, as on the Enterprise interface.',
  })
  @ApiCreatedResponse({ type: SignedInResponseDto })
  async signIn(@Body() body: OperatorSignInDto, @OperatorOperation() operation: string) {
    const signedIn = await this.sessions.signIn({
      login: body.login,
      password: body.password,
      totpCode: body.totp_code,
      client: body.client,
      operation,
    });
    return dataEnvelope({
      token: signedIn.token,
      expires_at: signedIn.expiresAt.toISOString(),
      user: toUserView(signedIn.user),
      permissions: signedIn.permissions,
    });
  }

  @Get('current')
  @OperatorAccess('signed-in')
  @ApiOperation({ summary: 'Who is signed in', description: 'The signed-in API user and every permission their active roles grant.' })
  @ApiOkResponse({ type: CurrentOperatorResponseDto })
  async current(@CurrentOperator() operator: OperatorActor) {
    return dataEnvelope({ user: toUserView(await this.users.get(operator.userId)), permissions: [...operator.permissions].sort() });
  }

  @Delete('current')
  @HttpCode(204)
  @OperatorAccess('signed-in')
  @ApiOperation({ summary: 'Sign out', description: 'Ends this sign-in at once on every instance; the token is refused from then on.' })
  @ApiNoContentResponse()
  async signOut(@OperatorWriter() actor: AuditActor, @CurrentOperator() operator: OperatorActor): Promise<void> {
    await this.sessions.signOut(actor, operator);
  }

  @Post('current/second-factor')
  @OperatorAccess('signed-in')
  @ApiOperation({
    summary: 'Start setting up a second factor',
    description:
      'Makes a new authenticator key for the signed-in user and answers it (and as an otpauth URL for a QR code). It is in force only once confirmed with a code from it.',
  })
  @ApiCreatedResponse({ type: SecondFactorEnrolmentResponseDto })
  async enrolSecondFactor(@OperatorWriter() actor: SignedInActor) {
    const enrolment = await this.secondFactor.enrol(actor);
    return dataEnvelope({ secret: enrolment.secret, otpauth_url: enrolment.otpauthUrl });
  }

  @Post('current/second-factor/actions/confirm')
  @HttpCode(204)
  @OperatorAccess('signed-in')
  @ApiOperation({
    summary: 'Confirm the second factor',
    description: 'Puts the new key in force: every later sign-in asks for a code. 400 when the code does not match.',
  })
  @ApiNoContentResponse()
  async confirmSecondFactor(@OperatorWriter() actor: SignedInActor, @Body() body: SecondFactorCodeDto): Promise<void> {
    await this.secondFactor.confirm(actor, body.totp_code);
  }

  @Post('current/second-factor/actions/remove')
  @HttpCode(204)
  @OperatorAccess('signed-in')
  @ApiOperation({
    summary: 'Remove the second factor',
    description: 'Sign-in asks for the password alone again. The user proves they hold the key with a current code.',
  })
  @ApiNoContentResponse()
  async removeSecondFactor(@OperatorWriter() actor: SignedInActor, @Body() body: SecondFactorCodeDto): Promise<void> {
    await this.secondFactor.remove(actor, body.totp_code);
  }
}
