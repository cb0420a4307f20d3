import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, newId, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest, postalAddressColumns, PostalAddressRow } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { definitionAddress } from './definition-address';
import { CountryService } from './country.service';
import { PartnerDefinitionDto, PartnerDefinitionViewDto } from './dto/partner-definition.dto';

interface PartnerRow extends PostalAddressRow {
  partner_id: string;
  name: string;
  registration_id: string | null;
  vat_id: string | null;
  email: string | null;
  phone: string | null;
  state: number;
  last_change: Date;
}

const COLUMNS = `partner_id, name, address1, address2, address3, address4, address5, address6, address7, zip, city, country_code,
  registration_id, vat_id, email, phone, state, last_change`;

const toView = (row: PartnerRow): PartnerDefinitionViewDto => ({
  partner_id: row.partner_id,
  name: row.name,
  address: definitionAddress({ ...row, countryCode: row.country_code }),
  registration_id: row.registration_id,
  vat_id: row.vat_id,
  email: row.email,
  phone: row.phone,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/** Partners as the operator defines them: found by id (they have no other key). */
@Injectable()
export class PartnerDefinitionRepository implements DefinitionStore<PartnerDefinitionDto, PartnerDefinitionViewDto> {
  readonly kind = 'partner';
  readonly resource = 'partners';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly countries: CountryService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<PartnerDefinitionViewDto>> {
    const found = await queryRowPage<PartnerRow>(
      this.dataSource,
      {
        columns: COLUMNS,
        from: 'partners',
        conditions: [
          '($1::text IS NULL OR name ILIKE $1 OR registration_id ILIKE $1 OR vat_id ILIKE $1)',
          '($2::smallint IS NULL OR state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['name'],
        id: 'partner_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<PartnerDefinitionViewDto | null> {
    const [row] = await manager.query<PartnerRow[]>(`SELECT ${COLUMNS} FROM partners WHERE partner_id = $1`, [key]);
    return row ? toView(row) : null;
  }

  idOf(view: PartnerDefinitionViewDto): string {
    return view.partner_id;
  }

  async insert(input: PartnerDefinitionDto, manager: EntityManager): Promise<string> {
    await this.checkCountry(input);
    const id = newId();
    await manager.query(
      `INSERT INTO partners (partner_id, name, address1, address2, address3, address4, address5, address6, address7, zip, city,
                             country_code, registration_id, vat_id, email, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [id, ...this.valuesOf(input)],
    );
    return id;
  }

  async update(id: string, input: PartnerDefinitionDto, manager: EntityManager): Promise<void> {
    await this.checkCountry(input);
    await manager.query(
      `UPDATE partners SET name = $2, address1 = $3, address2 = $4, address3 = $5, address4 = $6, address5 = $7, address6 = $8,
              address7 = $9, zip = $10, city = $11, country_code = $12, registration_id = $13, vat_id = $14, email = $15, phone = $16,
              last_change = now()
        WHERE partner_id = $1`,
      [id, ...this.valuesOf(input)],
    );
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE partners SET state = $2, last_change = now() WHERE partner_id = $1`, [id, state]);
  }

  private valuesOf(input: PartnerDefinitionDto): unknown[] {
    const address = postalAddressColumns(input.address ?? undefined);
    return [
      input.name,
      address.address1,
      address.address2,
      address.address3,
      address.address4,
      address.address5,
      address.address6,
      address.address7,
      address.zip,
      address.city,
      address.countryCode,
      input.registration_id ?? null,
      input.vat_id ?? null,
      input.email ?? null,
      input.phone ?? null,
    ];
  }

  private async checkCountry(input: PartnerDefinitionDto): Promise<void> {
    const countryCode = input.address?.country_code;
    if (countryCode && !(await this.countries.exists(countryCode)))
      throw CommonException.invalid('address.country_code', InvalidReason.NotFound, 'No country has this code', countryCode);
  }
}
