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
  @ApiOperation({
    summary: 'Rewards and vouchers the customer can use on this cart, with how often each applies',
    description:
      'Given a cart, lists the rewards and vouchers the customer could use in the store and, in max_count, how many times each fits the cart (0: not at all). The list type chooses between everything valid in the store, only what the cart can take, and that plus automated rewards. Applies nothing: the point of sale sends the chosen codes with the bill.',
  })
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
  @ApiOperation({
    summary: 'What paying the cart with points, credits and codes would do; creates and consumes nothing',
    description:
      'Computes what the bill would look like if paid with the given codes, points and credits: the discounts (recalculated, not trusted from the request), the automated rewards that would apply, the points and credits the customer may pay with at most, and the points the purchase would earn. Reads only; refusals are the same 400s send-purchase gives.',
  })
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
  @ApiOperation({
    summary: 'Close a bill (or cancel one) with all its loyalty effects in one transaction',
    description:
      "Books a bill in one transaction: the purchase and its items, the vouchers and reward codes used, points and credits paid, points earned, the customer's recalculated status and a purchase event for webhooks. Every check runs before the first write, so a refused bill changes nothing. Idempotent on bill_id: sending the same bill again books it once and answers 400 already_exists on bill_id. A cancellation (canceled true, bill_number set to the original bill_id) reverses what the original earned and paid. Refusals are 400s naming the field and reason, e.g. store_id not_found or credit_points not_enough_points_for_payment.",
  })
  @ApiCreatedResponse({ type: PurchaseIdResponseDto })
  async sendPurchase(@CurrentActor() actor: Actor, @Body() body: SendPurchaseBodyDto): Promise<PurchaseIdResponseDto> {
    return dataEnvelope({ purchase_id: await this.closure.sendPurchase(actor, body) });
  }

  @Post('actions/assign-customer')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Give an anonymous purchase its customer, who gains the points it would have earned',
    description:
      'Assigns a purchase booked without a customer to one, named by id or card number; the customer receives the points the purchase would have earned. A purchase that already has a customer is refused with 400.',
  })
  @ApiNoContentResponse()
  async assignCustomer(@CurrentActor() actor: Actor, @Body() body: AssignCustomerBodyDto): Promise<void> {
    await this.closure.assignCustomer(actor, body);
  }
}
