import { Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CREDIT_HISTORY_SORT_FIELDS, CreditLedgerService } from '../credit-ledger.service';
import { CreditHistoryListResponseDto, CreditHistoryQueryDto } from '../dto/credits.dto';
import { toCreditHistoryRecordDto } from '../loyalty.mapper';

@ApiResource('credit-history')
@ApiTags('Credit history')
export class CreditHistoryController {
  constructor(
    private readonly ledger: CreditLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "Every movement of a customer's credits",
    description:
      "Lists each change of a customer's credits as one movement (addition, reduction, transfer in or out), so the history adds up to the balance. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: CreditHistoryListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: CreditHistoryQueryDto) {
    const page = await this.ledger.listHistory(actor, query, toPageRequest(query, CREDIT_HISTORY_SORT_FIELDS));
    return listEnvelope('credit_history', page, (record) => toCreditHistoryRecordDto(record, this.config.timeZone));
  }
}
