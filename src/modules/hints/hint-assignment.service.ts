import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CommonException } from '@tessera/http';
import { AuditActor, AuditTrail } from '../audit';
import { HintAssignedDto, HintUnassignedDto } from './dto/hint-definition.dto';
import { HintDefinitionRepository } from './hint-definition.repository';
import { HintService } from './hint.service';

/**
 * Assigning hints to customers and taking them back, each in one transaction with its audit row. The
 * row keeps customer ids and counts only: the trail outlives customers' erasure, so it holds nothing personal.
 */
@Injectable()
export class HintAssignmentService {
  constructor(
    private readonly audit: AuditTrail,
    private readonly definitions: HintDefinitionRepository,
    private readonly hints: HintService,
  ) {}

  async assign(actor: AuditActor, hintKey: string, customerIds: string[]): Promise<HintAssignedDto> {
    return this.audit.audited(actor, async (manager) => {
      const hintId = await this.requiredId(hintKey, manager);
      const outcome = await this.hints.assign(hintId, customerIds, manager);
      const value = { assigned: outcome.assigned, already_assigned: outcome.alreadyAssigned };
      return { value, targetType: this.definitions.kind, targetId: hintId, after: { customer_ids: [...new Set(customerIds)], ...value } };
    });
  }

  async unassign(actor: AuditActor, hintKey: string, customerIds: string[]): Promise<HintUnassignedDto> {
    return this.audit.audited(actor, async (manager) => {
      const hintId = await this.requiredId(hintKey, manager);
      const outcome = await this.hints.unassign(hintId, customerIds, manager);
      const value = { unassigned: outcome.unassigned, not_assigned: outcome.notAssigned };
      return { value, targetType: this.definitions.kind, targetId: hintId, after: { customer_ids: [...new Set(customerIds)], ...value } };
    });
  }

  private async requiredId(hintKey: string, manager: EntityManager): Promise<string> {
    const hint = await this.definitions.find(hintKey, manager);
    if (!hint) throw CommonException.recordNotFound(this.definitions.resource, hintKey);
    return this.definitions.idOf(hint);
  }
}
