import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { newId } from '@tessera/core';
import { CommonException, InvalidReason, Page, postalAddressColumns, PostalAddressDto } from '@tessera/http';
import { CountryService } from '../reference-data';
import { CustomerAccountService } from './customer-account.service';
import { writeWithCustomerUpdated } from './customer-changes';
import { CustomerDefinitionService } from './customer-definition.service';
import { CustomerAddressEntity } from './entities/customer-records.entity';

export interface AdditionalAddressInput {
  address_type: string;
  address: PostalAddressDto;
}

/** Typed addresses beside the customer's main one (delivery, billing...). */
@Injectable()
export class CustomerAddressService {
  constructor(
    @InjectRepository(CustomerAddressEntity) private readonly addresses: Repository<CustomerAddressEntity>,
    private readonly definitions: CustomerDefinitionService,
    private readonly countries: CountryService,
    private readonly accounts: CustomerAccountService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(customerId: string, addressTypeId: string | undefined): Promise<Page<CustomerAddressEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const [items, total] = await this.addresses.findAndCount({
      where: addressTypeId ? { customerId, addressTypeId } : { customerId },
      order: { addressTypeId: 'ASC', id: 'ASC' },
    });
    return { items, total };
  }

  async get(customerId: string, addressId: string): Promise<CustomerAddressEntity> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const address = await this.addresses.findOne({ where: { id: addressId, customerId } });
    if (!address) throw CommonException.recordNotFound('addresses', addressId);
    return address;
  }

  async add(customerId: string, input: AdditionalAddressInput): Promise<string> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    await this.check(input);
    const id = newId();
    await writeWithCustomerUpdated(this.dataSource, customerId, { record_type: 'address', record_id: id, change: 'added' }, (manager) =>
      manager.insert(CustomerAddressEntity, { id, customerId, ...this.columnsOf(input) }),
    );
    return id;
  }

  /** Full replacement of the address and its type. */
  async replace(customerId: string, addressId: string, input: AdditionalAddressInput): Promise<void> {
    await this.get(customerId, addressId);
    await this.check(input);
    await writeWithCustomerUpdated(
      this.dataSource,
      customerId,
      { record_type: 'address', record_id: addressId, change: 'replaced' },
      (manager) => manager.update(CustomerAddressEntity, { id: addressId }, { ...this.columnsOf(input), lastChange: new Date() }),
    );
  }

  private async check(input: AdditionalAddressInput): Promise<void> {
    if (!(await this.definitions.activeAddressTypeExists(input.address_type))) {
      throw CommonException.invalid(
        'additional_address.address_type',
        InvalidReason.NotFound,
        'No active customer address type has this id',
        input.address_type,
      );
    }
    const country = input.address.country_code;
    if (country && !(await this.countries.exists(country.toLowerCase()))) {
      throw CommonException.invalid('additional_address.address.country_code', InvalidReason.NotFound, 'No country has this code', country);
    }
  }

  private columnsOf(input: AdditionalAddressInput): Partial<CustomerAddressEntity> {
    return { addressTypeId: input.address_type, ...postalAddressColumns(input.address) };
  }
}
