import { Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, Offers, RequiresCustomer, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PointHistoryListResponseDto, PointHistoryQueryDto } from '../dto/points.dto';
import { toPointHistoryRecordDto } from '../loyalty.mapper';
import { POINT_HISTORY_SORT_FIELDS, PointLedgerService } from '../point-ledger.service';

@ApiResource('point-history')
@ApiTags('Point history')
export class PointHistoryController {
  constructor(
    private readonly ledger: PointLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "Every movement of a customer's points",
    description:
      "Lists each change of a customer's points as one movement (addition, reduction, transfer in or out, synchronisation, expiration), so the history always adds up to the balance; a reduction lists the records it spent from. On the Customer interface only the logged-in customer's.",
  })
  @ApiOkResponse({ type: PointHistoryListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: PointHistoryQueryDto) {
    const page = await this.ledger.listHistory(actor, query, toPageRequest(query, POINT_HISTORY_SORT_FIELDS));
    return listEnvelope('point_history', page, (record) => toPointHistoryRecordDto(record, this.config.timeZone));
  }
}
