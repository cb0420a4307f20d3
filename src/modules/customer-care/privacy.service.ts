import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { customerNotFound } from '../customers';
import { PrivacyErasure, PrivacyExport } from './dto/customer-care.dto';
import { PrivacyRepository } from './privacy.repository';

/** A customer's privacy rights: a copy of everything held about them, and erasure. */
@Injectable()
export class PrivacyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: PrivacyRepository,
  ) {}

  /** Deleted customers are exported too: their retained records are still held about them. */
  async export(customerId: string): Promise<PrivacyExport> {
    const tables = await this.repository.export(customerId);
    if (!tables) throw customerNotFound(customerId, { inPath: true });
    return { customer_id: customerId, exported_at: new Date().toISOString(), tables };
  }

  /** All or nothing: a failure part-way leaves the customer as they were. Erasing an erased customer again is harmless. */
  async erase(customerId: string): Promise<PrivacyErasure> {
    const erased = await this.dataSource.transaction((manager) => this.repository.erase(manager, customerId));
    if (!erased) throw customerNotFound(customerId, { inPath: true });
    return { customer_id: customerId, erased_at: new Date().toISOString() };
  }
}
