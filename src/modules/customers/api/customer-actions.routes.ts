import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, Public, customerInScope, dataEnvelope } from '../../../../libs/http/src';
import { CallerPartnersService } from '../../auth';
import { CustomerReferralService } from '../customer-referral.service';
import { CustomerService } from '../customer.service';
import { CheckRegistrationAbilityBodyDto, NewsletterSignUpBodyDto, UploadPhotoBodyDto, ValidateCustomerDataBodyDto } from '../dto/customer-actions.dto';

/** Customer actions both interfaces offer. */
@ApiTags('Customers actions')
export abstract class CustomerActionsRoutes {
  constructor(
    protected readonly customers: CustomerService,
    private readonly referrals: CustomerReferralService,
    protected readonly callerPartners: CallerPartnersService,
  ) {}

  @Post('validate-customer-data')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a password against the policy, or that a referral code is valid' })
  async validateCustomerData(@Body() body: ValidateCustomerDataBodyDto) {
    const valid = body.type === 'password' ? this.customers.isPasswordStrong(body.value) : await this.referrals.isValidCode(body.value);
    return dataEnvelope({ is_valid: valid });
  }

  @Post('upload-customer-photo')
  @HttpCode(204)
  @ApiOperation({ summary: 'Replace the customer photo (JPEG or PNG, at most 2 MB)' })
  async uploadCustomerPhoto(@CurrentActor() actor: Actor, @Body() body: UploadPhotoBodyDto): Promise<void> {
    await this.customers.uploadPhoto(customerInScope(actor, body.customer_id), body.data);
  }

  @Post('newsletters-sign-up')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign a contact up for newsletters, creating its customer when needed' })
  async newslettersSignUp(@CurrentActor() actor: Actor, @Body() body: NewsletterSignUpBodyDto): Promise<void> {
    await this.customers.signUpForNewsletter(body, await this.callerPartners.partnerIdsOf(actor));
  }

  @Post('check-registration-ability')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether a registration with this email or phone would be accepted' })
  async checkRegistrationAbility(@Body() body: CheckRegistrationAbilityBodyDto) {
    return dataEnvelope({ registration_ability: await this.customers.canRegister(body.type, body.value) });
  }
}
