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
  @ApiOperation({ summary: 'Setups of the web tracking script' })
  @ApiOkResponse({ type: CustomerEngagementSetupListResponseDto })
  async list(@Query() query: EngagementSetupListQueryDto) {
    const page = await this.setups.list(toPageRequest(query, ENGAGEMENT_SETUP_SORT_FIELDS));
    return listEnvelope('customer_engagement_setups', page, toEngagementSetupDto);
  }

  @Get(':customer_engagement_setup_id')
  @Offers('both')
  @Public()
  @ApiOperation({ summary: 'One setup of the web tracking script' })
  @ApiOkResponse({ type: CustomerEngagementSetupResponseDto })
  async get(@Param('customer_engagement_setup_id') setupId: string): Promise<CustomerEngagementSetupResponseDto> {
    return dataEnvelope(toEngagementSetupDto(await this.setups.get(setupId)));
  }
}
