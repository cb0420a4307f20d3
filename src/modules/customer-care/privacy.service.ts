import { Injectable } from '@nestjs/common';
import { AuditActor, AuditTrail } from '../audit';
import { customerNotFound } from '../customers';
import { PrivacyErasure, PrivacyExport } from './dto/customer-care.dto';
import { PrivacyRepository } from './privacy.repository';

/** A customer's privacy rights: a copy of everything held about them, and erasure. */
@Injectable()
export class PrivacyService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * Deleted customers are exported too: their retained records are still held about them. Who took a
   * copy of a customer's data is audited like a write, though nothing changes.
   */
  async export(actor: AuditActor, customerId: string): Promise<PrivacyExport> {
    return this.audit.audited(actor, async () => {
      const tables = await this.repository.export(customerId);
      if (!tables) throw customerNotFound(customerId, { inPath: true });
      const value = { customer_id: customerId, exported_at: new Date().toISOString(), tables };
      return { value, targetType: 'customer', targetId: customerId, after: { exported_tables: Object.keys(tables).length } };
    });
  }

  /** All or nothing: a failure part-way leaves the customer as they were. Erasing an erased customer again is harmless. */
  async erase(actor: AuditActor, customerId: string): Promise<PrivacyErasure> {
    return this.audit.audited(actor, async (manager) => {
      if (!(await this.repository.erase(manager, customerId))) throw customerNotFound(customerId, { inPath: true });
      await this.audit.eraseReasonsAbout(customerId, manager);
      const value = { customer_id: customerId, erased_at: new Date().toISOString() };
      return { value, targetType: 'customer', targetId: customerId, after: { erased: true } };
    });
  }
}
