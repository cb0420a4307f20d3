import { Body, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  CurrentActor,
  DeviceActor,
  Offers,
  RequiresCustomer,
  customerFilterInScope,
  customerInScope,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CustomerRegistrationFlow } from '../../../flows/customer-registration.flow';
import { toCustomerDto } from '../customer.mapper';
import { CUSTOMER_SORT_FIELDS, CustomerService } from '../customer.service';
import { CustomerCreateBodyDto, CustomerDetailQueryDto, CustomerListQueryDto, CustomerReplaceBodyDto } from '../dto/customer.dto';
import { PhotoBaseUrl } from './request-origin.decorator';
import { CustomerIdentityResponseDto, CustomerListResponseDto, CustomerResponseDto } from '../dto/customer-response.dto';

/**
 * Customer accounts. On the Customer interface every customer id must be the logged-in customer's
 * (`customerInScope`), the list shows only that customer, and `PUT /customers` without an id replaces
 * that customer (decision 14). Every handler but registration needs that customer before its input
 * is validated (`RequiresCustomer`).
 */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomersController {
  constructor(
    private readonly customers: CustomerService,
    private readonly registration: CustomerRegistrationFlow,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Offers('both')
  @ApiOperation({
    summary: 'Register a customer with its source, consents and properties',
    description:
      "Creates a customer in one transaction with its source record, consents and property records, relates it to the caller's partners, gives it the entry status and, with a valid referral_code, a relation to the code's holder. E-mail addresses are unique among live customers regardless of letter case (400 already_exists). A password must have 8 or more characters, a digit and an uppercase letter and must not be a well-known one (400 not_allowed_value). With autologin the password is required and, on the Customer interface, the new customer is logged in on the calling token.",
  })
  @ApiCreatedResponse({ type: CustomerIdentityResponseDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CustomerCreateBodyDto): Promise<CustomerIdentityResponseDto> {
    return dataEnvelope({ customer_id: await this.registration.register(actor, body) });
  }

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Find customers; on the Customer interface, the logged-in customer',
    description:
      'Lists customers matching the filters: e-mail and names match whole values regardless of letter case, birthdate takes YYYY-MM-DD or DD.MM.YYYY, array filters match any of their values. On the Customer interface the answer is the logged-in customer only.',
  })
  @ApiOkResponse({ type: CustomerListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CustomerListQueryDto, @PhotoBaseUrl() photoBaseUrl: string) {
    const only = customerFilterInScope(actor, undefined);
    const page = await this.customers.list(query, toPageRequest(query, CUSTOMER_SORT_FIELDS), only);
    const options = {
      timeZone: this.config.timeZone,
      defaultLanguage: this.config.defaultLanguage,
      shortSalutation: query.customer_short_salutation === true,
      photoBaseUrl,
    };
    return listEnvelope('customers', page, (view) => toCustomerDto(view, options));
  }

  @Put()
  @Offers(ApiInterface.Customer)
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Replace the logged-in customer; omitted fields are cleared, except password, social credentials and store',
    description:
      "Replaces the logged-in customer's personal information, address and consents; fields left out are cleared, except password, social network credentials and store, which stay. Property records, when sent, become the customer's only ones.",
  })
  @ApiNoContentResponse()
  async replaceLoggedIn(@CurrentActor() actor: DeviceActor, @Body() body: CustomerReplaceBodyDto): Promise<void> {
    await this.customers.replace(customerInScope(actor, undefined), body);
  }

  @Get(':customer_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One customer',
    description:
      "Reads one customer with personal information, address and consents (also in the deprecated agreement form). On the Customer interface another customer's id answers 400 not_belong_to_logged_in_customer.",
  })
  @ApiOkResponse({ type: CustomerResponseDto })
  async get(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Query() query: CustomerDetailQueryDto,
    @PhotoBaseUrl() photoBaseUrl: string,
  ): Promise<CustomerResponseDto> {
    const view = await this.customers.get(customerInScope(actor, customerId));
    return dataEnvelope(
      toCustomerDto(view, {
        timeZone: this.config.timeZone,
        defaultLanguage: this.config.defaultLanguage,
        shortSalutation: query.customer_short_salutation === true,
        photoBaseUrl,
      }),
    );
  }

  @Put(':customer_id')
  @Offers('both')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({
    summary: 'Replace a customer; omitted fields are cleared, except password, social credentials and store',
    description:
      "Replaces a customer's personal information, address and consents; fields left out are cleared, except password, social network credentials and store, which stay. Property records, when sent, become the customer's only ones. On the Customer interface only the logged-in customer can be replaced (400 not_belong_to_logged_in_customer otherwise).",
  })
  @ApiNoContentResponse()
  async replace(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: CustomerReplaceBodyDto,
  ): Promise<void> {
    await this.customers.replace(customerInScope(actor, customerId), body);
  }
}
