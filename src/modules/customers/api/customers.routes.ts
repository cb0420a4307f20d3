import { Body, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  CurrentActor,
  RequiresCustomer,
  customerFilterInScope,
  customerInScope,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
} from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CustomerRegistrationFlow } from '../../../flows/customer-registration.flow';
import { toCustomerDto } from '../customer.mapper';
import { CUSTOMER_SORT_FIELDS, CustomerService } from '../customer.service';
import { CustomerCreateBodyDto, CustomerDetailQueryDto, CustomerListQueryDto, CustomerReplaceBodyDto } from '../dto/customer.dto';
import { PhotoBaseUrl } from './request-origin.decorator';

/**
 * Customer account handlers shared by both interfaces. On the Customer interface every customer id
 * must be the logged-in customer's (`customerInScope`), and the list shows only that customer. Every
 * handler but registration needs that customer before its input is validated (`RequiresCustomer`).
 */
@ApiTags('Customers')
export abstract class CustomersRoutes {
  constructor(
    protected readonly customers: CustomerService,
    private readonly registration: CustomerRegistrationFlow,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Register a customer with its source, consents and properties' })
  async create(@CurrentActor() actor: Actor, @Body() body: CustomerCreateBodyDto) {
    return dataEnvelope({ customer_id: await this.registration.register(actor, body) });
  }

  @Get()
  @RequiresCustomer()
  @ApiOperation({ summary: 'Find customers; on the Customer interface, the logged-in customer' })
  async list(@CurrentActor() actor: Actor, @Query() query: CustomerListQueryDto, @PhotoBaseUrl() photoBaseUrl: string) {
    const only = customerFilterInScope(actor, undefined);
    const page = await this.customers.list(query, toPageRequest(query, CUSTOMER_SORT_FIELDS), only);
    const options = { timeZone: this.config.timeZone, defaultLanguage: this.config.defaultLanguage, shortSalutation: query.customer_short_salutation === true, photoBaseUrl };
    return listEnvelope('customers', page, (view) => toCustomerDto(view, options));
  }

  @Get(':customer_id')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One customer' })
  async get(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: CustomerDetailQueryDto, @PhotoBaseUrl() photoBaseUrl: string) {
    const view = await this.customers.get(customerInScope(actor, customerId));
    return dataEnvelope(toCustomerDto(view, { timeZone: this.config.timeZone, defaultLanguage: this.config.defaultLanguage, shortSalutation: query.customer_short_salutation === true, photoBaseUrl }));
  }

  @Put(':customer_id')
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({ summary: 'Replace a customer; omitted fields are cleared, except password, social credentials and store' })
  async replace(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Body() body: CustomerReplaceBodyDto): Promise<void> {
    await this.customers.replace(customerInScope(actor, customerId), body);
  }
}
