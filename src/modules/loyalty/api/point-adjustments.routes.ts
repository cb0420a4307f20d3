import { Body, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dataEnvelope } from '../../../../libs/http/src';
import { PointMovementBodyDto } from '../dto/points.dto';
import { PointLedgerService } from '../point-ledger.service';

/** Assigning and reducing points: only the Enterprise interface offers them. */
@ApiTags('Points')
export abstract class PointAdjustmentsRoutes {
  constructor(private readonly ledger: PointLedgerService) {}

  @Post('actions/assign-points')
  @ApiOperation({ summary: 'Add a collection record to a customer' })
  async assign(@Body() body: PointMovementBodyDto) {
    return dataEnvelope({ point_id: await this.ledger.assign(body) });
  }

  @Post('actions/reduce-points')
  @ApiOperation({ summary: "Spend a customer's oldest valid points; never below zero" })
  async reduce(@Body() body: PointMovementBodyDto) {
    return dataEnvelope({ point_id: await this.ledger.reduce(body) });
  }
}
