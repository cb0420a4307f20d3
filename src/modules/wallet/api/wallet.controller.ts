import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, dataEnvelope, Offers, RequiresCustomer } from '@tessera/http';
import {
  CreditsOverviewQueryDto,
  CreditsOverviewResponseDto,
  ExpirationOverviewResponseDto,
  PointsOverviewResponseDto,
  SalesTurnoverResponseDto,
  WalletIntervalQueryDto,
  WalletQueryDto,
} from '../dto/wallet.dto';
import { toCreditsOverviewDto, toExpirationOverviewDto, toPointsOverviewDto, toSalesTurnoverDto } from '../wallet.mapper';
import { WalletService } from '../wallet.service';

/** Summaries of one customer's wallet (the logged-in customer's on the Customer interface). */
@ApiResource('wallet')
@ApiTags('Wallet')
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  @Get('actions/sales-turnover')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Turnover per currency in an interval: purchases less cancellations',
    description:
      "Sums a customer's purchases per currency over the interval, less their cancellations. The Enterprise interface names the customer in customer_id; the Customer interface answers for the logged-in customer. date_from and date_to are whole days in the project time zone, both included.",
  })
  @ApiOkResponse({ type: SalesTurnoverResponseDto })
  async turnover(@CurrentActor() actor: Actor, @Query() query: WalletIntervalQueryDto) {
    return dataEnvelope(toSalesTurnoverDto(await this.wallet.turnover(actor, query)));
  }

  @Get('actions/points-overview')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Points earned and redeemed in an interval, spendable now, and what they are worth',
    description:
      'Adds up the default-type points a customer earned and redeemed over the interval (expired points count as neither), the points spendable now (held points excluded) and their money value per currency when the customer may pay with points. The Enterprise interface names the customer in customer_id; the Customer interface answers for the logged-in customer. date_from and date_to are whole days in the project time zone, both included.',
  })
  @ApiOkResponse({ type: PointsOverviewResponseDto })
  async points(@CurrentActor() actor: Actor, @Query() query: WalletIntervalQueryDto) {
    return dataEnvelope(toPointsOverviewDto(await this.wallet.points(actor, query)));
  }

  @Get('actions/credits-overview')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Credits earned and redeemed in an interval and spendable now, in total and per currency',
    description:
      'Adds up the credits a customer earned and redeemed over the interval and those spendable now, over all currencies and per currency; credit_type_id limits every figure to those types. The Enterprise interface names the customer in customer_id; the Customer interface answers for the logged-in customer. date_from and date_to are whole days in the project time zone, both included.',
  })
  @ApiOkResponse({ type: CreditsOverviewResponseDto })
  async credits(@CurrentActor() actor: Actor, @Query() query: CreditsOverviewQueryDto) {
    return dataEnvelope(toCreditsOverviewDto(await this.wallet.credits(actor, query)));
  }

  @Get('actions/points-expiration-overview')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Spendable points that expire next and this month',
    description:
      "Tells the first day some of the customer's spendable points expire and how many, and how many expire in the current month.",
  })
  @ApiOkResponse({ type: ExpirationOverviewResponseDto })
  async pointsExpiration(@CurrentActor() actor: Actor, @Query() query: WalletQueryDto) {
    return dataEnvelope(toExpirationOverviewDto(await this.wallet.pointsExpiration(actor, query)));
  }

  @Get('actions/credits-expiration-overview')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Spendable credits (every currency together) that expire next and this month',
    description:
      "Tells the first day some of the customer's spendable credits expire and how much, and how much expires in the current month, all currencies together.",
  })
  @ApiOkResponse({ type: ExpirationOverviewResponseDto })
  async creditsExpiration(@CurrentActor() actor: Actor, @Query() query: WalletQueryDto) {
    return dataEnvelope(toExpirationOverviewDto(await this.wallet.creditsExpiration(actor, query)));
  }
}
