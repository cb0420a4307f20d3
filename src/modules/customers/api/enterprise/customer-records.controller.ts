import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { EnterpriseApi, listEnvelope } from '../../../../../libs/http/src';
import { toPartnerRecordDto } from '../../customer.mapper';
import { CustomerRecordsRoutes } from '../customer-records.routes';

/** The shared record routes plus the partner-record reads and removals only this interface offers. */
@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomerRecordsController extends CustomerRecordsRoutes {
  @Get(':customer_id/partner-records')
  @ApiOperation({ summary: 'Partners the customer is related to' })
  async partnerRecords(@Param('customer_id') customerId: string) {
    return listEnvelope('partner_records', await this.partners.list(customerId), (record) => toPartnerRecordDto(record, this.config.timeZone));
  }

  @Delete(':customer_id/partner-records/:partner_record_id')
  @HttpCode(204)
  @ApiOperation({ summary: 'End the customer\'s relation to a partner' })
  async deletePartnerRecord(@Param('customer_id') customerId: string, @Param('partner_record_id') recordId: string): Promise<void> {
    await this.partners.delete(customerId, recordId);
  }
}
