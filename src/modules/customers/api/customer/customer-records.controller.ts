import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentActor, CustomerApi, DeviceActor, RequiresCustomer, customerInScope, dataEnvelope, listEnvelope } from '../../../../../libs/http/src';
import { toPropertyRecordDto } from '../../customer.mapper';
import { PropertyRecordBodyDto } from '../../dto/customer-records.dto';
import { CustomerRecordsRoutes } from '../customer-records.routes';

/**
 * The shared record routes plus the id-less property-record forms for the logged-in customer (decision 14).
 * All of them are a customer's own data: without a logged-in customer they answer 403 before validating input.
 */
@CustomerApi()
@RequiresCustomer()
@Controller('customers')
export class CustomerCustomerRecordsController extends CustomerRecordsRoutes {
  @Get('property-records')
  @ApiOperation({ summary: 'Custom property values of the logged-in customer' })
  async ownPropertyRecords(@CurrentActor() actor: DeviceActor) {
    const page = await this.propertyRecords.list(customerInScope(actor, undefined));
    return listEnvelope('property_records', page, (record) => toPropertyRecordDto(record, this.config.timeZone));
  }

  @Post('property-records')
  @ApiOperation({ summary: 'Set a property value on the logged-in customer' })
  async addOwnPropertyRecord(@CurrentActor() actor: DeviceActor, @Body() body: PropertyRecordBodyDto) {
    return dataEnvelope({ property_record_id: await this.propertyRecords.add(customerInScope(actor, undefined), body.property_record) });
  }

  @Put('property-records/:property_record_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Change a property value of the logged-in customer' })
  async replaceOwnPropertyRecord(@CurrentActor() actor: DeviceActor, @Param('property_record_id') recordId: string, @Body() body: PropertyRecordBodyDto): Promise<void> {
    await this.propertyRecords.replace(customerInScope(actor, undefined), recordId, body.property_record);
  }

  @Delete('property-records/:property_record_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a property value from the logged-in customer' })
  async deleteOwnPropertyRecord(@CurrentActor() actor: DeviceActor, @Param('property_record_id') recordId: string): Promise<void> {
    await this.propertyRecords.delete(customerInScope(actor, undefined), recordId);
  }
}
