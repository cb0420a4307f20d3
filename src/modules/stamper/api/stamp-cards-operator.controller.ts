import { HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { OperatorAccess, OperatorResource, dataEnvelope } from '@tessera/http';
import { AuditActor, OperatorWriter } from '../../audit';
import { StamperCardState } from '../entities/stamper-card.entity';
import { StampCardBlockingService } from '../stamp-card-blocking.service';

class StampCardStateDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) stamper_card_id!: string;
  @ApiProperty({ example: '5b2d4e6f8a0b1c2d3e4f5a6b3f9a1c7e' }) stamper_campaign_id!: string;
  @ApiProperty({ example: '8a0b1c2d3e4f5a6b3f9a1c7e5b2d4e6f' }) customer_id!: string;
  @ApiProperty({ example: 4 }) stamp_total!: number;
  @ApiProperty({ description: '1 active, 0 blocked', enum: [0, 1], example: 0 }) state!: number;
}

class StampCardStateResponseDto {
  @ApiProperty({ type: StampCardStateDto }) data!: StampCardStateDto;
}

@OperatorResource('stamp-cards')
export class StampCardsOperatorController {
  constructor(private readonly blocking: StampCardBlockingService) {}

  @Post(':stamper_card_id/actions/block')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({
    summary: 'Block a stamp card',
    description: 'State 0: the card earns no stamps and no new card starts in its campaign; its stamps and vouchers stay. Audited.',
  })
  @ApiOkResponse({ type: StampCardStateResponseDto })
  async block(@OperatorWriter() actor: AuditActor, @Param('stamper_card_id') id: string) {
    return dataEnvelope(await this.blocking.setState(actor, id, StamperCardState.Blocked));
  }

  @Post(':stamper_card_id/actions/unblock')
  @HttpCode(HttpStatus.OK)
  @OperatorAccess('customers:write')
  @ApiOperation({ summary: 'Unblock a stamp card', description: 'State 1 again: the next purchases earn stamps on it. Audited.' })
  @ApiOkResponse({ type: StampCardStateResponseDto })
  async unblock(@OperatorWriter() actor: AuditActor, @Param('stamper_card_id') id: string) {
    return dataEnvelope(await this.blocking.setState(actor, id, StamperCardState.Active));
  }
}
