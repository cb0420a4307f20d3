import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListQueryDto, dataEnvelope, listEnvelope, toPageRequest } from '../../../../../libs/http/src';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { toPaymentTypeDto } from '../purchase-definitions.mapper';
import { PAYMENT_TYPE_SORT_FIELDS, PaymentTypeService } from '../payment-type.service';

@ApiTags('Payment types')
export abstract class PaymentTypesRoutes {
  constructor(
    private readonly types: PaymentTypeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Payment types' })
  async list(@Query() query: ListQueryDto) {
    const page = await this.types.list(toPageRequest(query, PAYMENT_TYPE_SORT_FIELDS));
    return listEnvelope('payment_types', page, (type) => toPaymentTypeDto(type, this.config.timeZone));
  }

  @Get(':payment_type_id')
  @ApiOperation({ summary: 'One payment type' })
  async get(@Param('payment_type_id') paymentTypeId: string) {
    return dataEnvelope(toPaymentTypeDto(await this.types.get(paymentTypeId), this.config.timeZone));
  }
}
