import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Actor, CurrentActor, EnterpriseApi } from '../../../../../libs/http/src';
import { PurchaseBodyDto } from '../../dto/purchase.dto';
import { PurchasesRoutes } from '../purchases.routes';

@EnterpriseApi()
@Controller('purchases')
export class EnterprisePurchasesController extends PurchasesRoutes {
  @Put(':purchase_id')
  @HttpCode(204)
  @ApiOperation({ summary: "Give an anonymous purchase its customer (awarding the points it earned); a purchase's customer cannot change" })
  async replace(@CurrentActor() actor: Actor, @Param('purchase_id') purchaseId: string, @Body() body: PurchaseBodyDto): Promise<void> {
    await this.purchases.replace(actor, purchaseId, body.purchase);
  }
}
