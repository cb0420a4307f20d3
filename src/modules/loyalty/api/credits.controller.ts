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
  @ApiOperation({ summary: 'Credit records (deposits and reductions)' })
  @ApiOkResponse({ type: CreditListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CreditListQueryDto) {
    const page = await this.ledger.list(actor, query, toPageRequest(query, CREDIT_SORT_FIELDS));
    return listEnvelope('credits', page, (credit) => toCreditDto(credit, this.config.timeZone));
  }

  @Get(':credit_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One credit record' })
  @ApiOkResponse({ type: CreditResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('credit_id') creditId: string) {
    return dataEnvelope(toCreditDto(await this.ledger.get(actor, creditId), this.config.timeZone));
  }

  @Post('actions/deposit-credits')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: 'Add credits to a customer' })
  @ApiCreatedResponse({ type: CreditIdResponseDto })
  async deposit(@Body() body: CreditMovementBodyDto) {
    return dataEnvelope({ credit_id: await this.ledger.deposit(body) });
  }

  @Post('actions/reduce-credits')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({ summary: "Spend a customer's oldest valid credits; never below zero" })
  @ApiCreatedResponse({ type: CreditIdResponseDto })
  async reduce(@Body() body: CreditMovementBodyDto) {
    return dataEnvelope({ credit_id: await this.ledger.reduce(body) });
  }

  @Post('actions/transfer-credits')
  @Offers(ApiInterface.Enterprise)
  @HttpCode(204)
  @ApiOperation({ summary: 'Move credits between customers, both sides or neither' })
  @ApiNoContentResponse()
  async transfer(@Body() body: TransferCreditsBodyDto): Promise<void> {
    await this.ledger.transfer(body);
  }
}
