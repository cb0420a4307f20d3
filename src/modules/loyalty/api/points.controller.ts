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
import {
  PointIdResponseDto,
  PointListQueryDto,
  PointListResponseDto,
  PointMovementBodyDto,
  PointResponseDto,
  SynchronizePointsBodyDto,
  TransferPointsBodyDto,
} from '../dto/points.dto';
import { toPointDto } from '../loyalty.mapper';
import { POINT_SORT_FIELDS, PointLedgerService } from '../point-ledger.service';

/** Point records and actions (scoped to the logged-in customer on the Customer interface); assigning and reducing points is the Enterprise interface's. */
@ApiResource('points')
@ApiTags('Points')
export class PointsController {
  constructor(
    private readonly ledger: PointLedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Point records (collections and redemptions)',
    description:
      "Lists point records: each assignment with what is left of it (available_points) and each reduction as a record with negative assigned_points. On the Customer interface only the logged-in customer's records.",
  })
  @ApiOkResponse({ type: PointListResponseDto })
  async list(@CurrentActor() actor: Actor, @Query() query: PointListQueryDto) {
    const page = await this.ledger.list(actor, query, toPageRequest(query, POINT_SORT_FIELDS));
    return listEnvelope('points', page, (point) => toPointDto(point, this.config.timeZone));
  }

  @Get(':point_id')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'One point record',
    description: "Reads one point record by id; on the Customer interface only one of the logged-in customer's.",
  })
  @ApiOkResponse({ type: PointResponseDto })
  async get(@CurrentActor() actor: Actor, @Param('point_id') pointId: string) {
    return dataEnvelope(toPointDto(await this.ledger.get(actor, pointId), this.config.timeZone));
  }

  @Post('actions/transfer-points')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Move points from one customer to another, both sides or neither',
    description:
      'Takes points from one customer (oldest valid records first) and gives them to another in one transaction: either both movements are recorded or neither. Points held by a reservation cannot move. Asking for more than the sender can spend answers 400 not_enough_points_for_payment on amount and changes nothing.',
  })
  @ApiNoContentResponse()
  async transfer(@CurrentActor() actor: Actor, @Body() body: TransferPointsBodyDto): Promise<void> {
    await this.ledger.transfer(actor, body);
  }

  @Post('actions/synchronize-points')
  @Offers('both')
  @HttpCode(204)
  @RequiresCustomer()
  @ApiOperation({
    summary: "Set a customer's balance of the default point type, recording the difference",
    description:
      "Brings a customer's balance of the default point type to the value another system knows, recording the difference as one synchronisation movement (nothing when they already agree). Held points do not stop it, so a reservation may then exceed the balance.",
  })
  @ApiNoContentResponse()
  async synchronize(@CurrentActor() actor: Actor, @Body() body: SynchronizePointsBodyDto): Promise<void> {
    await this.ledger.synchronize(actor, body);
  }

  @Post('actions/assign-points')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: 'Add a collection record to a customer',
    description:
      'Gives a customer points as a new record, valid until its valid_to when given; it appears in the point history as an addition. Without a point type the default one is used.',
  })
  @ApiCreatedResponse({ type: PointIdResponseDto })
  async assign(@Body() body: PointMovementBodyDto) {
    return dataEnvelope({ point_id: await this.ledger.assign(body) });
  }

  @Post('actions/reduce-points')
  @Offers(ApiInterface.Enterprise)
  @ApiOperation({
    summary: "Spend a customer's oldest valid points; never below zero",
    description:
      'Deducts points from a customer, spending the oldest valid records first; expired remainders are written off first as an expiration movement. Asking for more than the customer can spend (held points excluded) answers 400 not_enough_points_for_payment on amount and changes nothing. Concurrent deductions wait for each other, so no point is spent twice.',
  })
  @ApiCreatedResponse({ type: PointIdResponseDto })
  async reduce(@Body() body: PointMovementBodyDto) {
    return dataEnvelope({ point_id: await this.ledger.reduce(body) });
  }
}
