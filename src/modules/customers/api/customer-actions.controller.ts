import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiInterface, ApiResource, ApiUserActor, CurrentActor, Offers, Public, customerInScope, dataEnvelope } from '@tessera/http';
import { CustomerIdentificationFlow } from '../../../flows/customer-identification.flow';
import { CallerPartnersService } from '../../reference-data';
import { CustomerPartnerService } from '../customer-partner.service';
import { CustomerReferralService } from '../customer-referral.service';
import { CustomerStatusService } from '../customer-status.service';
import { CustomerService } from '../customer.service';
import {
  CheckRegistrationAbilityBodyDto,
  NewsletterSignUpBodyDto,
  SearchCustomersQueryDto,
  SetPartnersBodyDto,
  SetStatusRecordBodyDto,
  UploadPhotoBodyDto,
  ValidateCustomerDataBodyDto,
  VerifyCredentialsBodyDto,
} from '../dto/customer-actions.dto';
import {
  CustomerDataValidityResponseDto,
  CustomerIdentityResponseDto,
  CustomerSearchResponseDto,
  CustomerStatusRecordIdResponseDto,
  RegistrationAbilityResponseDto,
} from '../dto/customer-response.dto';

/** Customer actions: some on both interfaces, the others only on the Enterprise interface. */
@ApiResource('customers/actions')
@ApiTags('Customers actions')
export class CustomerActionsController {
  constructor(
    private readonly customers: CustomerService,
    private readonly referrals: CustomerReferralService,
    private readonly callerPartners: CallerPartnersService,
    private readonly statuses: CustomerStatusService,
    private readonly identification: CustomerIdentificationFlow,
    private readonly customerPartners: CustomerPartnerService,
  ) {}

  @Post('validate-customer-data')
  @Offers('both')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check a password against the policy, or that a referral code is valid',
    description:
      'Validates data before a registration: a password against the policy (length, digit, uppercase letter, not a well-known password) or a referral code against the existing ones. Stores nothing; a failed check answers 400 naming the field.',
  })
  @ApiOkResponse({ type: CustomerDataValidityResponseDto })
  async validateCustomerData(@Body() body: ValidateCustomerDataBodyDto): Promise<CustomerDataValidityResponseDto> {
    const valid = body.type === 'password' ? this.customers.isPasswordStrong(body.value) : await this.referrals.isValidCode(body.value);
    return dataEnvelope({ is_valid: valid });
  }

  @Post('upload-customer-photo')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Replace the customer photo (JPEG or PNG, at most 2 MB)',
    description:
      "Stores a new photo for the customer from base64 data (a data: URL prefix is accepted) and points photo_url at it; the photo's id is random and changes with every upload. Anything but a JPEG or PNG of at most 2 MB answers 400 invalid_value_format naming data.",
  })
  @ApiNoContentResponse()
  async uploadCustomerPhoto(@CurrentActor() actor: Actor, @Body() body: UploadPhotoBodyDto): Promise<void> {
    await this.customers.uploadPhoto(customerInScope(actor, body.customer_id), body.data);
  }

  @Post('newsletters-sign-up')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Sign a contact up for newsletters, creating its customer when needed',
    description:
      "Creates a customer (without a password) for the e-mail or phone when no live customer has it, then sets the given consents, the source and the partners (all the caller's partners when none are given) in one transaction. Two sign-ups of one contact at once make one customer.",
  })
  @ApiNoContentResponse()
  async newslettersSignUp(@CurrentActor() actor: Actor, @Body() body: NewsletterSignUpBodyDto): Promise<void> {
    await this.customers.signUpForNewsletter(body, await this.callerPartners.partnerIdsOf(actor));
  }

  @Post('check-registration-ability')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Whether a registration with this email or phone would be accepted',
    description: 'Tells whether a registration with this e-mail or phone would pass the uniqueness checks; creates nothing.',
  })
  @ApiOkResponse({ type: RegistrationAbilityResponseDto })
  async checkRegistrationAbility(@Body() body: CheckRegistrationAbilityBodyDto): Promise<RegistrationAbilityResponseDto> {
    return dataEnvelope({ registration_ability: await this.customers.canRegister(body.type, body.value) });
  }

  @Post('verify-credentials')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Tell whose credentials these are, without logging anyone in',
    description:
      "Checks a customer's login and password and answers the customer's id, without binding the customer to any token. Wrong credentials answer 400.",
  })
  @ApiOkResponse({ type: CustomerIdentityResponseDto })
  async verifyCredentials(@Body() body: VerifyCredentialsBodyDto): Promise<CustomerIdentityResponseDto> {
    return dataEnvelope({ customer_id: await this.identification.verifyCredentials(body.login_type, body.login_value, body.password) });
  }

  @Get('search-customers')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Customers matching name, birthdate and card exactly',
    description:
      'Finds customers whose names (regardless of letter case), birthdate and card number match exactly, each with match 100. In strict mode all four criteria are required; otherwise the ones given must match.',
  })
  @ApiOkResponse({ type: CustomerSearchResponseDto })
  async searchCustomers(@Query() query: SearchCustomersQueryDto): Promise<CustomerSearchResponseDto> {
    const ids = await this.identification.search(query);
    return dataEnvelope({ strict: ids.map((customerId) => ({ customer_id: customerId, match: 100 })) });
  }

  @Post('set-partners')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: "Make the customer's partners among the caller's partners exactly these",
    description:
      "Sets the customer's relations to the partners the caller acts for (the store's partner for an API user bound to a store, otherwise every active partner) to exactly the list given; relations to other partners are not touched.",
  })
  @ApiNoContentResponse()
  async setPartners(@CurrentActor() actor: ApiUserActor, @Body() body: SetPartnersBodyDto): Promise<void> {
    const partnerIds = body.partner_records.map((record) => record.partner_id);
    await this.customerPartners.set(body.customer_id, partnerIds, await this.callerPartners.partnerIdsOf(actor));
  }

  @Post('set-status-record')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Give the customer a status; the previous one stops',
    description:
      "Gives the customer a status by hand and makes every other active status record inactive (state 2). Without valid_to the status lasts its definition's validity period. A status given by hand is kept when purchases recalculate statuses.",
  })
  @ApiOkResponse({ type: CustomerStatusRecordIdResponseDto })
  async setStatusRecord(@Body() body: SetStatusRecordBodyDto): Promise<CustomerStatusRecordIdResponseDto> {
    return dataEnvelope({ status_record_id: await this.statuses.set(body) });
  }
}
