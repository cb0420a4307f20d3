import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { EnterpriseApi, dataEnvelope } from '../../../../../../libs/http/src';
import { SetRewardProductsBodyDto, SimpleRewardBodyDto } from '../../dto/reward.dto';
import { RewardsRoutes } from '../rewards.routes';

@EnterpriseApi()
@Controller('rewards')
export class EnterpriseRewardsController extends RewardsRoutes {
  @Post('actions/create-simple-reward')
  @ApiOperation({ summary: 'Define a simple reward (fixed, percentage or final-price discount)' })
  async createSimpleReward(@Body() body: SimpleRewardBodyDto) {
    return dataEnvelope({ reward_id: await this.rewards.createSimple(body.simple_reward) });
  }

  @Post(':reward_id/actions/set-products')
  @HttpCode(204)
  @ApiOperation({ summary: "Replace a reward's condition and bonus products" })
  async setProducts(@Param('reward_id') rewardId: string, @Body() body: SetRewardProductsBodyDto): Promise<void> {
    await this.rewards.setProducts(rewardId, body);
  }
}
