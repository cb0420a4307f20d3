import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, RequiresCustomer, dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { CREDIT_SORT_FIELDS, CreditLedgerService } from '../credit-ledger.service';
import { CreditListQueryDto } from '../dto/credits.dto';
import { toCreditDto } from '../loyalty.mapper';

@ApiTags('Credits')
export abstract class CreditsRoutes {
  constructor(
    private readonly ledger: CreditLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @RequiresCustomer()
  @ApiOperation({ summary: 'Credit records (deposits and reductions)' })
  async list(@CurrentActor() actor: Actor, @Query() query: CreditListQueryDto) {
    const page = await this.ledger.list(actor, query, toPageRequest(query, CREDIT_SORT_FIELDS));
    return listEnvelope('credits', page, (credit) => toCreditDto(credit, this.config.timeZone));
  }

  @Get(':credit_id')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One credit record' })
  async get(@CurrentActor() actor: Actor, @Param('credit_id') creditId: string) {
    return dataEnvelope(toCreditDto(await this.ledger.get(actor, creditId), this.config.timeZone));
  }
}
