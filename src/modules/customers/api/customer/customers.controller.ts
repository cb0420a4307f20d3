import { Body, Controller, HttpCode, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CustomerApi, DeviceActor, RequiresCustomer, customerInScope } from '../../../../../libs/http/src';
import { CustomerReplaceBodyDto } from '../../dto/customer.dto';
import { CustomersRoutes } from '../customers.routes';

/** The shared customer routes plus the id-less replacement of the logged-in customer (decision 14). */
@CustomerApi()
@Controller('customers')
export class CustomerCustomersController extends CustomersRoutes {
  @Put()
  @RequiresCustomer()
  @HttpCode(204)
  @ApiOperation({ summary: 'Replace the logged-in customer; omitted fields are cleared, except password, social credentials and store' })
  async replaceLoggedIn(@CurrentActor() actor: DeviceActor, @Body() body: CustomerReplaceBodyDto): Promise<void> {
    await this.customers.replace(customerInScope(actor, undefined), body);
  }
}
