import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { PropertyQueryDto, RewardPropertyListResponseDto, RewardPropertyResponseDto } from '../dto/reward.dto';
import { toPropertyDto } from '../rewards.mapper';
import { REWARD_PROPERTY_SORT_FIELDS, RewardPropertyService } from '../reward-property.service';

@ApiResource('reward-properties')
@ApiTags('Reward properties')
export class RewardPropertiesController {
  constructor(
    private readonly properties: RewardPropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Reward property definitions',
    description:
      'Lists the custom fields rewards can carry, with their data types and items; `name` keeps those whose name contains the text, ignoring case. Definitions are maintained by the operator in the database; the API only reads them.',
  })
  @ApiOkResponse({ type: RewardPropertyListResponseDto })
  async list(@Query() query: PropertyQueryDto) {
    const page = await this.properties.list('reward', query, toPageRequest(query, REWARD_PROPERTY_SORT_FIELDS));
    return listEnvelope('rewards_properties', page, (property) => toPropertyDto(property, this.config.timeZone));
  }

  @Get(':reward_property_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One reward property definition',
    description: 'Reads one reward property with its items. 404 when no reward property has this id.',
  })
  @ApiOkResponse({ type: RewardPropertyResponseDto })
  async get(@Param('reward_property_id') propertyId: string) {
    return dataEnvelope(toPropertyDto(await this.properties.get('reward', propertyId), this.config.timeZone));
  }
}
