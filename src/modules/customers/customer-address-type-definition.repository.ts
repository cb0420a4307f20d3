import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { CustomerAddressTypeDefinitionDto, CustomerAddressTypeDefinitionViewDto } from './dto/customer-address-type-definition.dto';

interface AddressTypeRow {
  address_type_id: string;
  name: string;
  state: number;
  last_change: Date;
}

const toView = ({ last_change, ...row }: AddressTypeRow): CustomerAddressTypeDefinitionViewDto => ({
  ...row,
  last_change: new Date(last_change).toISOString(),
});

const COLUMNS = `address_type_id, name, state, last_change`;

/** Kinds of additional customer address as the operator defines them, found by id (they have no other key). */
@Injectable()
export class CustomerAddressTypeDefinitionRepository implements DefinitionStore<
  CustomerAddressTypeDefinitionDto,
  CustomerAddressTypeDefinitionViewDto
> {
  readonly kind = 'customer_address_type';
  readonly resource = 'customer-address-types';

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<CustomerAddressTypeDefinitionViewDto>> {
    const found = await queryRowPage<AddressTypeRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'customer_address_types',
        conditions: ['($1::text IS NULL OR name ILIKE $1)', '($2::smallint IS NULL OR state = $2)'],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'address_type_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<CustomerAddressTypeDefinitionViewDto | null> {
    const [row] = await manager.query<AddressTypeRow[]>(`SELECT ${COLUMNS} FROM customer_address_types WHERE address_type_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: CustomerAddressTypeDefinitionViewDto): string {
    return view.address_type_id;
  }

  async insert(input: CustomerAddressTypeDefinitionDto, manager: EntityManager): Promise<string> {
    const id = newId();
    await manager.query(`INSERT INTO customer_address_types (address_type_id, name) VALUES ($1, $2)`, [id, input.name]);
    return id;
  }

  async update(id: string, input: CustomerAddressTypeDefinitionDto, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_address_types SET name = $2, last_change = now() WHERE address_type_id = $1`, [id, input.name]);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE customer_address_types SET state = $2, last_change = now() WHERE address_type_id = $1`, [id, state]);
  }
}
