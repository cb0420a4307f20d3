import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, Offers, Public, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import {
  CustomerEngagementSetupListResponseDto,
  CustomerEngagementSetupResponseDto,
  EngagementSetupListQueryDto,
} from '../dto/catalogue.dto';
import { ENGAGEMENT_SETUP_SORT_FIELDS, EngagementSetupService } from '../engagement-setup.service';
import { toEngagementSetupDto } from '../catalogue.mapper';

/** Read by the web tracking script as it starts, before anyone signs in: no token needed. */
@ApiResource('customer-engagement-setups')
@ApiTags('Customer engagement')
export class CustomerEngagementSetupsController {
  constructor(private readonly setups: EngagementSetupService) {}

  @Get()
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'Setups of the web tracking script',
    description:
      'Lists every setup the operator has written for the web tracking script, with its state; removed setups (state 0) stay in the list so a script holding an old id can tell it is gone. Needs no token.',
  })
  @ApiOkResponse({ type: CustomerEngagementSetupListResponseDto })
  async list(@Query() query: EngagementSetupListQueryDto) {
    const page = await this.setups.list(toPageRequest(query, ENGAGEMENT_SETUP_SORT_FIELDS));
    return listEnvelope('customer_engagement_setups', page, toEngagementSetupDto);
  }

  @Get(':customer_engagement_setup_id')
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'One setup of the web tracking script',
    description:
      'Returns a setup by its id whatever its state, a removed one included; 404 only when no setup ever had the id. Needs no token.',
  })
  @ApiOkResponse({ type: CustomerEngagementSetupResponseDto })
  async get(@Param('customer_engagement_setup_id') setupId: string): Promise<CustomerEngagementSetupResponseDto> {
    return dataEnvelope(toEngagementSetupDto(await this.setups.get(setupId)));
  }
}
