import { Injectable } from '@nestjs/common';
import { CommonException } from '@tessera/http';
import { AuditActor, AuditTrail } from '../audit';
import { StamperCardState } from './entities/stamper-card.entity';

/** A stamp card as blocking it shows it: whose it is, in which campaign, and its state. */
export interface StampCardStateView {
  stamper_card_id: string;
  stamper_campaign_id: string;
  customer_id: string;
  stamp_total: number;
  state: StamperCardState;
}

/**
 * Blocking a customer's stamp card (state 0) and unblocking it, audited with the card as it was and
 * became. A blocked card earns no stamps; the customer's purchases start no new card in its place.
 */
@Injectable()
export class StampCardBlockingService {
  constructor(private readonly audit: AuditTrail) {}

  async setState(actor: AuditActor, cardId: string, state: StamperCardState): Promise<StampCardStateView> {
    return this.audit.audited(actor, async (manager) => {
      const select = `SELECT stamper_card_id, stamper_campaign_id, customer_id, stamp_total, state FROM stamper_cards WHERE stamper_card_id = $1`;
      const [before] = await manager.query<StampCardStateView[]>(`${select} FOR UPDATE`, [cardId]);
      if (!before) throw CommonException.recordNotFound('stamp-cards', cardId);
      await manager.query(`UPDATE stamper_cards SET state = $2, last_change = now() WHERE stamper_card_id = $1 AND state <> $2`, [
        cardId,
        state,
      ]);
      const [after] = await manager.query<StampCardStateView[]>(select, [cardId]);
      return { value: after, targetType: 'stamp_card', targetId: cardId, before, after };
    });
  }
}
