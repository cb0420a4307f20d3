import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, listEnvelope, Offers, RequiresCustomer, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { HintListResponseDto } from '../dto/hint-response.dto';
import { HintListQueryDto } from '../dto/hint.dto';
import { HINT_SORT_FIELDS, HintService } from '../hint.service';
import { toHintDto } from '../hints.mapper';

/** The hints assigned to a customer, under /customers/{customer_id}. */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomerHintRecordsController {
  constructor(
    private readonly hints: HintService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/recommendation-records')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: "A customer's hints, in the order they were assigned unless sorted",
    description:
      'Lists the hints (recommendations) assigned to the customer in the path, optionally narrowed by part of the name. The Customer interface sees only active hints, and only for the logged-in customer; 404 when the customer does not exist.',
  })
  @ApiOkResponse({ type: HintListResponseDto })
  async list(@CurrentActor() actor: Actor, @Param('customer_id') customerId: string, @Query() query: HintListQueryDto) {
    const page = await this.hints.listForCustomer(actor, customerId, query, toPageRequest(query, HINT_SORT_FIELDS));
    return listEnvelope('recommendations', page, (hint) => toHintDto(hint, this.config.timeZone));
  }
}
