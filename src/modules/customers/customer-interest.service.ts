import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, Repository } from 'typeorm';
import { newId } from '@tessera/core';
import { CommonErrorCode, CommonException, InvalidReason, Page } from '@tessera/http';
import { CustomerAccountService } from './customer-account.service';
import { writeWithCustomerUpdated } from './customer-changes';
import { CustomerDefinitionService } from './customer-definition.service';
import { CustomerInterestRecordEntity } from './entities/customer-records.entity';

/** The interests a customer declared. */
@Injectable()
export class CustomerInterestService {
  constructor(
    @InjectRepository(CustomerInterestRecordEntity) private readonly records: Repository<CustomerInterestRecordEntity>,
    private readonly definitions: CustomerDefinitionService,
    private readonly accounts: CustomerAccountService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(customerId: string): Promise<Page<CustomerInterestRecordEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const [items, total] = await this.records.findAndCount({ where: { customerId }, order: { interestId: 'ASC', id: 'ASC' } });
    return { items, total };
  }

  async add(customerId: string, input: { interest_id: string; customer_id: string }): Promise<string> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    await this.checkInput(customerId, input, null);
    const id = newId();
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'interest_record', record_id: id, change: 'added' },
      (manager) => manager.insert(CustomerInterestRecordEntity, { id, customerId, interestId: input.interest_id }),
    );
    return id;
  }

  async replace(customerId: string, recordId: string, input: { interest_id: string; customer_id: string }): Promise<void> {
    await this.requireRecord(customerId, recordId);
    await this.checkInput(customerId, input, recordId);
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'interest_record', record_id: recordId, change: 'replaced' },
      (manager) =>
        manager.update(CustomerInterestRecordEntity, { id: recordId }, { interestId: input.interest_id, lastChange: new Date() }),
    );
  }

  async delete(customerId: string, recordId: string): Promise<void> {
    await this.requireRecord(customerId, recordId);
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'interest_record', record_id: recordId, change: 'deleted' },
      (manager) => manager.delete(CustomerInterestRecordEntity, { id: recordId }),
    );
  }

  private async checkInput(
    customerId: string,
    input: { interest_id: string; customer_id: string },
    recordId: string | null,
  ): Promise<void> {
    if (input.customer_id !== customerId) {
      throw CommonException.invalid(
        'interest_record.customer_id',
        InvalidReason.NotAllowedValue,
        'The record must name the customer of the path',
        input.customer_id,
      );
    }
    try {
      await this.definitions.getInterest(input.interest_id);
    } catch (error) {
      if (error instanceof CommonException && error.code === CommonErrorCode.RecordNotFound) {
        throw CommonException.invalid('interest_record.interest_id', InvalidReason.NotFound, 'No interest has this id', input.interest_id);
      }
      throw error;
    }
    const duplicate = await this.records.exists({
      where: recordId ? { customerId, interestId: input.interest_id, id: Not(recordId) } : { customerId, interestId: input.interest_id },
    });
    if (duplicate) {
      throw CommonException.invalid(
        'interest_record.interest_id',
        InvalidReason.RelationAlreadyExists,
        'The customer already has this interest',
        input.interest_id,
      );
    }
  }

  private async requireRecord(customerId: string, recordId: string): Promise<void> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    if (!(await this.records.exists({ where: { id: recordId, customerId } })))
      throw CommonException.recordNotFound('interest-records', recordId);
  }
}
