import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { RewardTypeListResponseDto, RewardTypeQueryDto, RewardTypeResponseDto } from '../dto/reward.dto';
import { toRewardTypeDto } from '../rewards.mapper';
import { REWARD_TYPE_SORT_FIELDS, RewardTypeService } from '../reward-type.service';

@ApiResource('reward-types')
@ApiTags('Reward types')
export class RewardTypesController {
  constructor(
    private readonly types: RewardTypeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Reward types',
    description:
      'Lists the kinds of reward (fixed or percentage discount, final price, catalogue item, gift card), whose `text_id` decides how the rules apply a reward; `name` keeps those whose name contains the text, ignoring case.',
  })
  @ApiOkResponse({ type: RewardTypeListResponseDto })
  async list(@Query() query: RewardTypeQueryDto) {
    const page = await this.types.list(query, toPageRequest(query, REWARD_TYPE_SORT_FIELDS));
    return listEnvelope('reward_types', page, (type) => toRewardTypeDto(type, this.config.timeZone));
  }

  @Get(':reward_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One reward type', description: 'Reads one reward type. 404 when no reward type has this id.' })
  @ApiOkResponse({ type: RewardTypeResponseDto })
  async get(@Param('reward_type_id') typeId: string) {
    return dataEnvelope(toRewardTypeDto(await this.types.get(typeId), this.config.timeZone));
  }
}
