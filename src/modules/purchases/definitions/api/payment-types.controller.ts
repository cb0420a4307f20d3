import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaymentTypeListResponseDto, PaymentTypeResponseDto } from '../dto/purchase-definitions-response.dto';
import { ApiResource, dataEnvelope, listEnvelope, ListQueryDto, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../../config/app-config';
import { APP_CONFIG } from '../../../../config/app-config.module';
import { toPaymentTypeDto } from '../purchase-definitions.mapper';
import { PAYMENT_TYPE_SORT_FIELDS, PaymentTypeService } from '../payment-type.service';

@ApiResource('payment-types')
@ApiTags('Payment types')
export class PaymentTypesController {
  constructor(
    private readonly types: PaymentTypeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Payment types',
    description:
      'Lists the payment types of the project. A purchase must name one of these ids in `payment_type`; any other is refused with a 400.',
  })
  @ApiOkResponse({ type: PaymentTypeListResponseDto })
  async list(@Query() query: ListQueryDto) {
    const page = await this.types.list(toPageRequest(query, PAYMENT_TYPE_SORT_FIELDS));
    return listEnvelope('payment_types', page, (type) => toPaymentTypeDto(type, this.config.timeZone));
  }

  @Get(':payment_type_id')
  @Offers('both')
  @ApiOperation({ summary: 'One payment type', description: 'Reads one payment type. 404 when no payment type has this id.' })
  @ApiOkResponse({ type: PaymentTypeResponseDto })
  async get(@Param('payment_type_id') paymentTypeId: string): Promise<PaymentTypeResponseDto> {
    return dataEnvelope(toPaymentTypeDto(await this.types.get(paymentTypeId), this.config.timeZone));
  }
}
