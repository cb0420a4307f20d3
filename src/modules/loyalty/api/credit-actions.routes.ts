import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dataEnvelope } from '../../../../libs/http/src';
import { CreditLedgerService } from '../credit-ledger.service';
import { CreditMovementBodyDto, TransferCreditsBodyDto } from '../dto/credits.dto';

/** Credit movements: only the Enterprise interface offers them (each can be switched off per project). */
@ApiTags('Credits')
export abstract class CreditActionsRoutes {
  constructor(private readonly ledger: CreditLedgerService) {}

  @Post('actions/deposit-credits')
  @ApiOperation({ summary: 'Add credits to a customer' })
  async deposit(@Body() body: CreditMovementBodyDto) {
    return dataEnvelope({ credit_id: await this.ledger.deposit(body) });
  }

  @Post('actions/reduce-credits')
  @ApiOperation({ summary: "Spend a customer's oldest valid credits; never below zero" })
  async reduce(@Body() body: CreditMovementBodyDto) {
    return dataEnvelope({ credit_id: await this.ledger.reduce(body) });
  }

  @Post('actions/transfer-credits')
  @HttpCode(204)
  @ApiOperation({ summary: 'Move credits between customers, both sides or neither' })
  async transfer(@Body() body: TransferCreditsBodyDto): Promise<void> {
    await this.ledger.transfer(body);
  }
}
