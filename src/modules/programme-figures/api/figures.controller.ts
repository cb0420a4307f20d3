import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, dataEnvelope } from '@tessera/http';
import { toFiguresDto } from '../programme-figures.mapper';
import { ProgrammeFiguresService } from '../programme-figures.service';
import { FiguresQueryDto } from './figures-query.dto';

const FIGURES_EXAMPLE = {
  data: {
    granularity: 'month',
    from: '2026-09-01',
    to: '2026-11-30',
    active_customers: 7410,
    point_value: '0.01',
    rolled_up_to: '2026-11-27T16:59:00.000Z',
    periods: [
      {
        period: '2026-11-01',
        new_customers: 412,
        active_customers: 3120,
        purchases: 8421,
        cancellations: 37,
        turnover: '251340.50',
        points_earned: '251340',
        points_spent: '80200',
        points_expired: '1200',
        points_outstanding: '1904400',
        liability: '19044.00',
        vouchers_issued: 960,
        vouchers_used: 611,
        webhook_failures: 2,
      },
    ],
    snapshot: {
      statuses: [{ status_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', customers: 5120 }],
      segments: [{ segment_id: 's1', customers: 830 }],
      messages: [{ status: 2, messages: 12040 }],
      webhook_oldest_undelivered_at: null,
      webhook_lag_seconds: 0,
    },
  },
};

/** The programme's figures for dashboards, kept current by the rollup rather than counted per request. */
@OperatorResource('figures')
export class FiguresController {
  constructor(private readonly figures: ProgrammeFiguresService) {}

  @Get()
  @OperatorAccess('figures:read')
  @ApiOperation({
    summary: 'Programme figures',
    description:
      'Per day, week or month (and per store when asked): new and active customers, purchases and turnover, points earned, spent and expired, ' +
      'the outstanding points and their liability in money, vouchers issued and used, webhook failures; the customers active over ' +
      'the whole range, each counted once (`active_customers`); and a snapshot of status ' +
      'distribution, segment sizes, message delivery and webhook lag. As current as the last rollup (`rolled_up_to`).',
  })
  @ApiOkResponse({ schema: { example: FIGURES_EXAMPLE } })
  async read(@Query() query: FiguresQueryDto) {
    return dataEnvelope(
      toFiguresDto(
        await this.figures.figures({ from: query.from, to: query.to, granularity: query.granularity ?? 'day', storeId: query.store_id }),
      ),
    );
  }
}
