import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Actor,
  ApiInterface,
  ApiResource,
  CurrentActor,
  Offers,
  RequiresCustomer,
  dataEnvelope,
  listEnvelope,
  toPageRequest,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CREDIT_SORT_FIELDS, CreditLedgerService } from '../credit-ledger.service';
import {
  CreditIdResponseDto,
  CreditListQueryDto,
  CreditListResponseDto,
  CreditMovementBodyDto,
  CreditResponseDto,
  TransferCreditsBodyDto,
} from '../dto/credits.dto';
import { toCreditDto } from '../loyalty.mapper';

/** Credit records; credit movements are the Enterprise interface's (each can be switched off per project). */
@ApiResource('credits')
@ApiTags('Credits')
export class CreditsController {
  constructor(
    private readonly ledger: CreditLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Credit records (deposits and reductions)',
    description:
      "Lists credit records: deposits with what is left of them and reductions as negative records. On the Customer interface only the logged-in customer's records.",
  })
  @ApiOkResponse({ type: CreditListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CreditListQueryDto) {
    const page = await this.ledger.list(actor, query, toPageRequest(query, CREDIT_SORT_FIELDS));
    return listEnvelope('credits', page, (credit) => toCreditDto(credit, this.config.timeZone));
  }

  @Get(':credit_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One credit record',
    description: "Reads one credit record by id; on the Customer interface only one of the logged-in customer's.",
  })
  @ApiOkResponse({ type: CreditResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('credit_id') creditId: string) {
    return dataEnvelope(toCreditDto(await this.ledger.get(actor, creditId), this.config.timeZone));
  }

  @Post('actions/deposit-credits')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Add credits to a customer',
    description:
      "Deposits credits for a customer as a new record in a credit type and currency (the credit type's currency when none is given); it appears in the credit history as an addition.",
  })
  @ApiCreatedResponse({ type: CreditIdResponseDto })
  async deposit(@Body() body: CreditMovementBodyDto) {
    return dataEnvelope({ credit_id: await this.ledger.deposit(body) });
  }

  @Post('actions/reduce-credits')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: "Spend a customer's oldest valid credits; never below zero",
    description:
      'Deducts credits from a customer, spending the oldest valid records of that type and currency first. Asking for more than the balance answers 400 not_enough_credits on amount and changes nothing.',
  })
  @ApiCreatedResponse({ type: CreditIdResponseDto })
  async reduce(@Body() body: CreditMovementBodyDto) {
    return dataEnvelope({ credit_id: await this.ledger.reduce(body) });
  }

  @Post('actions/transfer-credits')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({
    summary: 'Move credits between customers, both sides or neither',
    description:
      'Takes credits from one customer and gives them to another in one transaction: either both movements are recorded or neither. Asking for more than the sender has answers 400 and changes nothing.',
  })
  @ApiNoContentResponse()
  async transfer(@Body() body: TransferCreditsBodyDto): Promise<void> {
    await this.ledger.transfer(body);
  }
}
