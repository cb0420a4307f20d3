import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '../../../../libs/http/src';
import { INTEREST_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toInterestDto } from '../customer.mapper';
import { NameFilterQueryDto } from '../dto/customer-records.dto';

@ApiResource('interests')
@ApiTags('Interests')
export class InterestsController {
  constructor(private readonly definitions: CustomerDefinitionService) {}

  @Get()
  @Offers('both')
  @ApiOperation({ summary: 'Interests customers can declare' })
  async list(@Query() query: NameFilterQueryDto) {
    return listEnvelope(
      'interests',
      await this.definitions.listInterests(query, toPageRequest(query, INTEREST_SORT_FIELDS)),
      toInterestDto,
    );
  }

  @Get(':interest_id')
  @Offers('both')
  @ApiOperation({ summary: 'One interest' })
  async get(@Param('interest_id') interestId: string) {
    return dataEnvelope(toInterestDto(await this.definitions.getInterest(interestId)));
  }
}
