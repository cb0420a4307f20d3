import { Body, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiInterface, ApiResource, CurrentActor, Offers, dataEnvelope } from '@tessera/http';
import {
  AcceptPaymentBodyDto,
  AssignCustomerBodyDto,
  RecommendedBestRewardsBodyDto,
  SendPurchaseBodyDto,
} from '../dto/purchase-closure.dto';
import { AcceptedPaymentResponseDto, PurchaseIdResponseDto, RecommendedBestRewardsResponseDto } from '../dto/purchase-response.dto';
import { PurchaseClosureService } from '../purchase-closure.service';

/** Checkout actions (on the Customer interface the buyer is the logged-in customer); assigning a customer is Enterprise-only. */
@ApiResource('purchases')
@ApiTags('Purchases')
export class PurchaseActionsController {
  constructor(private readonly closure: PurchaseClosureService) {}

  @Post('actions/recommended-best-rewards')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rewards and vouchers the customer can use on this cart, with how often each applies' })
  @ApiOkResponse({ type: RecommendedBestRewardsResponseDto })
  async recommendedBestRewards(
    @CurrentActor() actor: Actor,
    @Body() body: RecommendedBestRewardsBodyDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<RecommendedBestRewardsResponseDto> {
    const rewards = await this.closure.recommendBestRewards(actor, body, acceptLanguage);
    return { data: { recommended_best_rewards: rewards, total_items: rewards.length } };
  }

  @Post('actions/accept-payment')
  @Offers('both')
  @HttpCode(200)
  @ApiOperation({ summary: 'What paying the cart with points, credits and codes would do; creates and consumes nothing' })
  @ApiOkResponse({ type: AcceptedPaymentResponseDto })
  async acceptPayment(
    @CurrentActor() actor: Actor,
    @Body() body: AcceptPaymentBodyDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<AcceptedPaymentResponseDto> {
    return dataEnvelope(await this.closure.acceptPayment(actor, body, acceptLanguage));
  }

  @Post('actions/send-purchase')
  @Offers('both')
  @HttpCode(201)
  @ApiOperation({ summary: 'Close a bill (or cancel one) with all its loyalty effects in one transaction' })
  @ApiCreatedResponse({ type: PurchaseIdResponseDto })
  async sendPurchase(@CurrentActor() actor: Actor, @Body() body: SendPurchaseBodyDto): Promise<PurchaseIdResponseDto> {
    return dataEnvelope({ purchase_id: await this.closure.sendPurchase(actor, body) });
  }

  @Post('actions/assign-customer')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: 'Give an anonymous purchase its customer, who gains the points it would have earned' })
  @ApiNoContentResponse()
  async assignCustomer(@CurrentActor() actor: Actor, @Body() body: AssignCustomerBodyDto): Promise<void> {
    await this.closure.assignCustomer(actor, body);
  }
}
