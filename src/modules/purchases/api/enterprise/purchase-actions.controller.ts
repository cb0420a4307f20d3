import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Actor, CurrentActor, EnterpriseApi } from '../../../../../libs/http/src';
import { AssignCustomerBodyDto } from '../../dto/purchase-closure.dto';
import { PurchaseActionsRoutes } from '../purchase-actions.routes';

@EnterpriseApi()
@Controller('purchases')
export class EnterprisePurchaseActionsController extends PurchaseActionsRoutes {
  @Post('actions/assign-customer')
  @HttpCode(204)
  @ApiOperation({ summary: 'Give an anonymous purchase its customer, who gains the points it would have earned' })
  async assignCustomer(@CurrentActor() actor: Actor, @Body() body: AssignCustomerBodyDto): Promise<void> {
    await this.closure.assignCustomer(actor, body);
  }
}
