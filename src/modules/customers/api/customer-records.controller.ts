import { Body, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  Actor,
  ApiInterface,
  ApiResource,
  batchAnswer,
  CurrentActor,
  customerInScope,
  dataEnvelope,
  DeviceActor,
  ErrorProcessing,
  listEnvelope,
  Offers,
  RequiresCustomer,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CustomerAddressService } from '../customer-address.service';
import { CustomerInterestService } from '../customer-interest.service';
import { CustomerPartnerService } from '../customer-partner.service';
import { CustomerPropertyRecordService } from '../customer-property-record.service';
import { CustomerReferralService } from '../customer-referral.service';
import { CustomerRelationService } from '../customer-relation.service';
import { CustomerSourceRecordService, SOURCE_RECORD_SORT_FIELDS } from '../customer-source-record.service';
import { CustomerStatusService } from '../customer-status.service';
import {
  toAdditionalAddressDto,
  toInterestRecordDto,
  toPartnerRecordDto,
  toPropertyRecordDto,
  toReferralDto,
  toRelatedCustomerDto,
  toSourceRecordDto,
  toStatusRecordDto,
} from '../customer.mapper';
import {
  AdditionalAddressBodyDto,
  AddressListQueryDto,
  InterestRecordBodyDto,
  PartnerRecordBodyDto,
  PropertyRecordBatchBodyDto,
  PropertyRecordBodyDto,
  ReferralListQueryDto,
  RelatedCustomerBodyDto,
  RelatedCustomerListQueryDto,
  SourceRecordBodyDto,
  SourceRecordListQueryDto,
  StatusRecordQueryDto,
} from '../dto/customer-records.dto';
import {
  AdditionalAddressIdResponseDto,
  AdditionalAddressListResponseDto,
  AdditionalAddressResponseDto,
  CustomerBatchReportResponseDto,
  CustomerInterestRecordIdResponseDto,
  CustomerInterestRecordListResponseDto,
  CustomerPartnerRecordIdResponseDto,
  CustomerPartnerRecordListResponseDto,
  CustomerPropertyRecordIdResponseDto,
  CustomerPropertyRecordListResponseDto,
  CustomerRelationIdResponseDto,
  CustomerSourceLinkIdResponseDto,
  CustomerSourceLinkListResponseDto,
  CustomerStatusRecordListResponseDto,
  ReferralListResponseDto,
  RelatedCustomerListResponseDto,
  RelatedCustomerResponseDto,
} from '../dto/customer-response.dto';

/**
 * Records under `/customers/{customer_id}`, plus on the Customer interface the id-less property-record
 * forms for the logged-in customer (decision 14). Partner-record reads and removals are Enterprise-only.
 * All of them are a customer's own data: on the Customer interface, without a logged-in customer they
 * answer 403 before validating input (`RequiresCustomer`, which only device callers are held to).
 */
@ApiResource('customers')
@RequiresCustomer()
@ApiTags('Customers')
export class CustomerRecordsController {
  constructor(
    private readonly propertyRecords: CustomerPropertyRecordService,
    private readonly statuses: CustomerStatusService,
    private readonly sourceRecords: CustomerSourceRecordService,
    private readonly interests: CustomerInterestService,
    private readonly addresses: CustomerAddressService,
    private readonly relations: CustomerRelationService,
    private readonly referrals: CustomerReferralService,
    private readonly partners: CustomerPartnerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/status-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Statuses the customer holds or held',
    description:
      "Lists the customer's status records, current and past, with their validity and state. On the Customer interface only for the logged-in customer (another id answers 400 not_belong_to_logged_in_customer).",
  })
  @ApiOkResponse({ type: CustomerStatusRecordListResponseDto })
  async statusRecords(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: StatusRecordQueryDto) {
    const page = await this.statuses.list(customerInScope(actor, customerId), query.valid_now);
    return listEnvelope('status_records', page, (record) => toStatusRecordDto(record, this.config.timeZone));
  }

  @Get(':customer_id/customer-source-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Systems that know the customer, with its id there',
    description:
      "Lists the source records of the customer: each external system that knows the customer, with the customer's id in that system. On the Customer interface only for the logged-in customer (another id answers 400 not_belong_to_logged_in_customer).",
  })
  @ApiOkResponse({ type: CustomerSourceLinkListResponseDto })
  async sourceRecordList(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: SourceRecordListQueryDto) {
    const page = await this.sourceRecords.list(customerInScope(actor, customerId), query, toPageRequest(query, SOURCE_RECORD_SORT_FIELDS));
    return listEnvelope('customer_source_records', page, (record) => toSourceRecordDto(record, this.config.timeZone));
  }

  @Post(':customer_id/customer-source-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Record the customer in another source system',
    description: 'Records that an external system knows the customer under an id of its own.',
  })
  @ApiCreatedResponse({ type: CustomerSourceLinkIdResponseDto })
  async addSourceRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: SourceRecordBodyDto,
  ): Promise<CustomerSourceLinkIdResponseDto> {
    return dataEnvelope({
      customer_source_record_id: await this.sourceRecords.add(customerInScope(actor, customerId), body.customer_source_record),
    });
  }

  @Get(':customer_id/property-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Custom property values of the customer',
    description:
      "Lists the customer's values of the custom customer properties. On the Customer interface only for the logged-in customer (another id answers 400 not_belong_to_logged_in_customer).",
  })
  @ApiOkResponse({ type: CustomerPropertyRecordListResponseDto })
  async propertyRecordList(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string) {
    const page = await this.propertyRecords.list(customerInScope(actor, customerId));
    return listEnvelope('property_records', page, (record) => toPropertyRecordDto(record, this.config.timeZone));
  }

  @Post(':customer_id/property-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Set a property value on the customer',
    description:
      "Stores a value of a custom property on the customer; the value must fit the property's data type and items. A property the customer already has answers 400 relation_already_exists: change it with PUT instead.",
  })
  @ApiCreatedResponse({ type: CustomerPropertyRecordIdResponseDto })
  async addPropertyRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: PropertyRecordBodyDto,
  ): Promise<CustomerPropertyRecordIdResponseDto> {
    return dataEnvelope({ property_record_id: await this.propertyRecords.add(customerInScope(actor, customerId), body.property_record) });
  }

  @Post(':customer_id/property-records/batch')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Create or update many property values; failures are reported with error_processing 2',
    description:
      'Stores many property values of the customer at once; a property the customer already has is updated. With error_processing 1 all are stored or none; with 2 the valid ones are stored and, if any failed, the answer is 200 with data.errors listing each failed index and its invalid params.',
  })
  @ApiNoContentResponse({ description: 'Every record was written' })
  @ApiOkResponse({ type: CustomerBatchReportResponseDto, description: 'Some records failed (error_processing 2); the others were written' })
  async batchPropertyRecords(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: PropertyRecordBatchBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CustomerBatchReportResponseDto | undefined> {
    const mode = body.error_processing ?? ErrorProcessing.AllOrNothing;
    return batchAnswer(await this.propertyRecords.batch(customerInScope(actor, customerId), body.property_records, mode), reply);
  }

  @Put(':customer_id/property-records/:property_record_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Change a property value of the customer',
    description: "Changes one of the customer's property values; the value must fit the property's data type and items.",
  })
  @ApiNoContentResponse()
  async replacePropertyRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('property_record_id') recordId: string,
    @Body() body: PropertyRecordBodyDto,
  ): Promise<void> {
    await this.propertyRecords.replace(customerInScope(actor, customerId), recordId, body.property_record);
  }

  @Delete(':customer_id/property-records/:property_record_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a property value from the customer',
    description: "Deletes one of the customer's property values.",
  })
  @ApiNoContentResponse()
  async deletePropertyRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('property_record_id') recordId: string,
  ): Promise<void> {
    await this.propertyRecords.delete(customerInScope(actor, customerId), recordId);
  }

  @Get(':customer_id/interest-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Interests of the customer',
    description:
      'Lists the interests recorded for the customer. On the Customer interface only for the logged-in customer (another id answers 400 not_belong_to_logged_in_customer).',
  })
  @ApiOkResponse({ type: CustomerInterestRecordListResponseDto })
  async interestRecords(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string) {
    const page = await this.interests.list(customerInScope(actor, customerId));
    return listEnvelope('interest_records', page, (record) => toInterestRecordDto(record, this.config.timeZone));
  }

  @Post(':customer_id/interest-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Add an interest to the customer',
    description: "Records an interest of the customer (one of the project's interests).",
  })
  @ApiCreatedResponse({ type: CustomerInterestRecordIdResponseDto })
  async addInterestRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: InterestRecordBodyDto,
  ): Promise<CustomerInterestRecordIdResponseDto> {
    return dataEnvelope({ interest_record_id: await this.interests.add(customerInScope(actor, customerId), body.interest_record) });
  }

  @Put(':customer_id/interest-records/:interest_record_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Change an interest of the customer',
    description: "Changes one of the customer's interest records.",
  })
  @ApiNoContentResponse()
  async replaceInterestRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('interest_record_id') recordId: string,
    @Body() body: InterestRecordBodyDto,
  ): Promise<void> {
    await this.interests.replace(customerInScope(actor, customerId), recordId, body.interest_record);
  }

  @Delete(':customer_id/interest-records/:interest_record_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove an interest from the customer',
    description: "Deletes one of the customer's interest records.",
  })
  @ApiNoContentResponse()
  async deleteInterestRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('interest_record_id') recordId: string,
  ): Promise<void> {
    await this.interests.delete(customerInScope(actor, customerId), recordId);
  }

  @Get(':customer_id/addresses')
  @Offers('both')
  @ApiOperation({
    summary: 'Additional addresses of the customer',
    description:
      "Lists the customer's additional addresses (beyond the main address in personal information), each of an address type. On the Customer interface only for the logged-in customer (another id answers 400 not_belong_to_logged_in_customer).",
  })
  @ApiOkResponse({ type: AdditionalAddressListResponseDto })
  async addressList(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: AddressListQueryDto) {
    return listEnvelope(
      'addresses',
      await this.addresses.list(customerInScope(actor, customerId), query.customer_address_type_id),
      toAdditionalAddressDto,
    );
  }

  @Post(':customer_id/addresses')
  @Offers('both')
  @ApiOperation({
    summary: 'Add an address to the customer',
    description: "Adds an additional address of one of the project's address types to the customer.",
  })
  @ApiCreatedResponse({ type: AdditionalAddressIdResponseDto })
  async addAddress(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: AdditionalAddressBodyDto,
  ): Promise<AdditionalAddressIdResponseDto> {
    return dataEnvelope({ additional_address_id: await this.addresses.add(customerInScope(actor, customerId), body.additional_address) });
  }

  @Get(':customer_id/addresses/:additional_customer_address_id_path')
  @Offers('both')
  @ApiOperation({
    summary: 'One additional address of the customer',
    description: 'Reads one additional address of the customer.',
  })
  @ApiOkResponse({ type: AdditionalAddressResponseDto })
  async getAddress(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('additional_customer_address_id_path') addressId: string,
  ): Promise<AdditionalAddressResponseDto> {
    return dataEnvelope(toAdditionalAddressDto(await this.addresses.get(customerInScope(actor, customerId), addressId)));
  }

  @Put(':customer_id/addresses/:additional_customer_address_id_path')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Replace an additional address of the customer',
    description: "Replaces one of the customer's additional addresses; fields left out are cleared.",
  })
  @ApiNoContentResponse()
  async replaceAddress(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('additional_customer_address_id_path') addressId: string,
    @Body() body: AdditionalAddressBodyDto,
  ): Promise<void> {
    await this.addresses.replace(customerInScope(actor, customerId), addressId, body.additional_address);
  }

  @Get(':customer_id/related-customers')
  @Offers('both')
  @ApiOperation({
    summary: 'Customers related to the customer; valid relations unless all are asked for',
    description:
      "Lists the customer's relations to other customers; a relation is stored once and seen from both sides, with the leading role reversed. Ended relations appear only with all_customer_relations=true. On the Customer interface a related customer is shown by id only unless an operator made the relation.",
  })
  @ApiOkResponse({ type: RelatedCustomerListResponseDto })
  async relatedCustomers(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Query() query: RelatedCustomerListQueryDto,
  ) {
    const page = await this.relations.list(customerInScope(actor, customerId), query, actor.interface);
    return listEnvelope('related_customers', page, (relation) => toRelatedCustomerDto(relation, this.config.timeZone));
  }

  @Post(':customer_id/related-customers')
  @Offers('both')
  @ApiOperation({
    summary: 'Relate another customer',
    description: "Relates the customer to another customer with one of the project's relation types.",
  })
  @ApiCreatedResponse({ type: CustomerRelationIdResponseDto })
  async addRelatedCustomer(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: RelatedCustomerBodyDto,
  ): Promise<CustomerRelationIdResponseDto> {
    return dataEnvelope({
      customer_relation_id: await this.relations.add(customerInScope(actor, customerId), body.related_customer, actor.interface),
    });
  }

  @Get(':customer_id/related-customers/:customer_relation_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One relation of the customer',
    description: "Reads one of the customer's relations, seen from this customer's side.",
  })
  @ApiOkResponse({ type: RelatedCustomerResponseDto })
  async getRelatedCustomer(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('customer_relation_id') relationId: string,
  ): Promise<RelatedCustomerResponseDto> {
    return dataEnvelope(
      toRelatedCustomerDto(await this.relations.get(customerInScope(actor, customerId), relationId, actor.interface), this.config.timeZone),
    );
  }

  @Delete(':customer_id/related-customers/:customer_relation_id')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: 'End a relation; it stays as a past relation',
    description: 'Ends a relation: it gets state 0 and valid_to now, and stays listed among past relations.',
  })
  @ApiNoContentResponse()
  async deleteRelatedCustomer(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Param('customer_relation_id') relationId: string,
  ): Promise<void> {
    await this.relations.delete(customerInScope(actor, customerId), relationId);
  }

  @Get(':customer_id/referrals')
  @Offers('both')
  @ApiOperation({
    summary: 'Referral codes of the customer',
    description:
      "Lists the customer's referral codes: one 8-character code per referral campaign, created the first time it is listed. Without referral_campaign_id the default campaign is used.",
  })
  @ApiOkResponse({ type: ReferralListResponseDto })
  async referralList(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: ReferralListQueryDto) {
    const page = await this.referrals.list(customerInScope(actor, customerId), query);
    return listEnvelope('referrals', page, (referral) => toReferralDto(referral, this.config.timeZone));
  }

  @Post(':customer_id/partner-records')
  @Offers('both')
  @ApiOperation({
    summary: 'Relate the customer to a partner',
    description: 'Relates the customer to a partner.',
  })
  @ApiCreatedResponse({ type: CustomerPartnerRecordIdResponseDto })
  async addPartnerRecord(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Body() body: PartnerRecordBodyDto,
  ): Promise<CustomerPartnerRecordIdResponseDto> {
    return dataEnvelope({ partner_record_id: await this.partners.add(customerInScope(actor, customerId), body.partner_record.partner_id) });
  }

  @Get(':customer_id/partner-records')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Partners the customer is related to',
    description: 'Lists the partners the customer is related to.',
  })
  @ApiOkResponse({ type: CustomerPartnerRecordListResponseDto })
  async partnerRecords(@Param('customer_id') customerId: string) {
    return listEnvelope('partner_records', await this.partners.list(customerId), (record) =>
      toPartnerRecordDto(record, this.config.timeZone),
    );
  }

  @Delete(':customer_id/partner-records/:partner_record_id')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: "End the customer's relation to a partner",
    description: "Removes the customer's relation to a partner.",
  })
  @ApiNoContentResponse()
  async deletePartnerRecord(@Param('customer_id') customerId: string, @Param('partner_record_id') recordId: string): Promise<void> {
    await this.partners.delete(customerId, recordId);
  }

  @Get('property-records')
  @Offers(ApiInterface.Customer)
  @ApiOperation({
    summary: 'Custom property values of the logged-in customer',
    description: "Lists the logged-in customer's values of the custom customer properties.",
  })
  @ApiOkResponse({ type: CustomerPropertyRecordListResponseDto })
  async ownPropertyRecords(@CurrentActor() actor: DeviceActor) {
    const page = await this.propertyRecords.list(customerInScope(actor, undefined));
    return listEnvelope('property_records', page, (record) => toPropertyRecordDto(record, this.config.timeZone));
  }

  @Post('property-records')
  @Offers(ApiInterface.Customer)
  @ApiOperation({
    summary: 'Set a property value on the logged-in customer',
    description:
      "Stores a value of a custom property on the logged-in customer; the value must fit the property's data type and items. A property the customer already has answers 400 relation_already_exists.",
  })
  @ApiCreatedResponse({ type: CustomerPropertyRecordIdResponseDto })
  async addOwnPropertyRecord(
    @CurrentActor() actor: DeviceActor,
    @Body() body: PropertyRecordBodyDto,
  ): Promise<CustomerPropertyRecordIdResponseDto> {
    return dataEnvelope({ property_record_id: await this.propertyRecords.add(customerInScope(actor, undefined), body.property_record) });
  }

  @Put('property-records/:property_record_id')
  @Offers(ApiInterface.Customer)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Change a property value of the logged-in customer',
    description:
      "Changes one of the logged-in customer's property values; another customer's record answers 400 not_belong_to_logged_in_customer.",
  })
  @ApiNoContentResponse()
  async replaceOwnPropertyRecord(
    @CurrentActor() actor: DeviceActor,
    @Param('property_record_id') recordId: string,
    @Body() body: PropertyRecordBodyDto,
  ): Promise<void> {
    await this.propertyRecords.replace(customerInScope(actor, undefined), recordId, body.property_record);
  }

  @Delete('property-records/:property_record_id')
  @Offers(ApiInterface.Customer)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a property value from the logged-in customer',
    description:
      "Deletes one of the logged-in customer's property values; another customer's record answers 400 not_belong_to_logged_in_customer.",
  })
  @ApiNoContentResponse()
  async deleteOwnPropertyRecord(@CurrentActor() actor: DeviceActor, @Param('property_record_id') recordId: string): Promise<void> {
    await this.propertyRecords.delete(customerInScope(actor, undefined), recordId);
  }
}
