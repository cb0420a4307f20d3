import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { INTEREST_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toInterestDto } from '../customer.mapper';
import { NameFilterQueryDto } from '../dto/customer-records.dto';
import { InterestListResponseDto, InterestResponseDto } from '../dto/customer-response.dto';

@ApiResource('interests')
@ApiTags('Interests')
export class InterestsController {
  constructor(private readonly definitions: CustomerDefinitionService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Interests customers can declare',
    description: 'Lists the active interests; name matches any part of the name, case-insensitively. Deleted interests are left out.',
  })
  @ApiOkResponse({ type: InterestListResponseDto })
  async list(@Query() query: NameFilterQueryDto) {
    return listEnvelope(
      'interests',
      await this.definitions.listInterests(query, toPageRequest(query, INTEREST_SORT_FIELDS)),
      toInterestDto,
    );
  }

  @Get(':interest_id')
  @Offers('both')
  @ApiOperation({ summary: 'One interest', description: 'Returns an active interest by its id; a deleted or unknown one answers 404.' })
  @ApiOkResponse({ type: InterestResponseDto })
  async get(@Param('interest_id') interestId: string): Promise<InterestResponseDto> {
    return dataEnvelope(toInterestDto(await this.definitions.getInterest(interestId)));
  }
}
