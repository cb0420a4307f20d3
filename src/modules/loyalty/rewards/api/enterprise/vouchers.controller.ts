import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { batchAnswer, EnterpriseApi, ErrorProcessing } from '../../../../../../libs/http/src';
import { VoucherBatchBodyDto } from '../../dto/voucher.dto';
import { VouchersRoutes } from '../vouchers.routes';

@EnterpriseApi()
@Controller('vouchers')
export class EnterpriseVouchersController extends VouchersRoutes {
  @Post('batch')
  @HttpCode(204)
  @ApiOperation({ summary: 'Import up to 1,000 vouchers issued elsewhere (no points are charged)' })
  async batch(@Body() body: VoucherBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    return batchAnswer(await this.vouchers.batch(body.vouchers, body.error_processing ?? ErrorProcessing.AllOrNothing), reply);
  }
}
