import { Body, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, RequiresCustomer, dataEnvelope, listEnvelope, toPageRequest } from '../../../../libs/http/src';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { PointListQueryDto, SynchronizePointsBodyDto, TransferPointsBodyDto } from '../dto/points.dto';
import { toPointDto } from '../loyalty.mapper';
import { POINT_SORT_FIELDS, PointLedgerService } from '../point-ledger.service';

/** Point records and the point actions both interfaces offer (scoped to the logged-in customer on the Customer interface). */
@ApiTags('Points')
export abstract class PointsRoutes {
  constructor(
    private readonly ledger: PointLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @RequiresCustomer()
  @ApiOperation({ summary: 'Point records (collections and redemptions)' })
  async list(@CurrentActor() actor: Actor, @Query() query: PointListQueryDto) {
    const page = await this.ledger.list(actor, query, toPageRequest(query, POINT_SORT_FIELDS));
    return listEnvelope('points', page, (point) => toPointDto(point, this.config.timeZone));
  }

  @Get(':point_id')
  @RequiresCustomer()
  @ApiOperation({ summary: 'One point record' })
  async get(@CurrentActor() actor: Actor, @Param('point_id') pointId: string) {
    return dataEnvelope(toPointDto(await this.ledger.get(actor, pointId), this.config.timeZone));
  }

  @Post('actions/transfer-points')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({ summary: 'Move points from one customer to another, both sides or neither' })
  async transfer(@CurrentActor() actor: Actor, @Body() body: TransferPointsBodyDto): Promise<void> {
    await this.ledger.transfer(actor, body);
  }

  @Post('actions/synchronize-points')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({ summary: "Set a customer's balance of the default point type, recording the difference" })
  async synchronize(@CurrentActor() actor: Actor, @Body() body: SynchronizePointsBodyDto): Promise<void> {
    await this.ledger.synchronize(actor, body);
  }
}
