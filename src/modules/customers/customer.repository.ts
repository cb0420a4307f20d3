import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { rowPageStatement, toRowPage, TOTAL_COLUMN, preparedQuery } from '@tessera/core';
import { Page, PageRequest, PostalAddressColumns, PostalAddressRow } from '@tessera/http';
import { CustomerConsentEntity } from './entities/customer-records.entity';
import type { CustomerSortField } from './customer.service';
import { CustomerEntity, CustomerState } from './entities/customer.entity';

/** The customer's own columns that its answer shows. */
export type CustomerProfile = Pick<
  CustomerEntity,
  | 'id'
  | 'salutation'
  | 'gender'
  | 'firstName'
  | 'lastName'
  | 'preNominals'
  | 'postNominals'
  | 'birthdate'
  | 'email'
  | 'phone'
  | 'languageId'
  | 'storeId'
  | keyof PostalAddressColumns
  | 'doiEmail'
  | 'doiPhone'
  | 'lastChange'
  | 'state'
>;

/** A consent with its agreement's text id, which tells the fixed agreements from custom ones. */
export type CustomerConsent = Pick<CustomerConsentEntity, 'agreementId' | 'consentValue' | 'lastChange'> & { textId: string };

/** A customer with what its answer needs beyond its own row. */
export interface CustomerView {
  customer: CustomerProfile;
  consents: CustomerConsent[];
  photoId: string | null;
}

/** A row of `CUSTOMER_VIEW_SQL`. */
export interface CustomerViewRow extends PostalAddressRow {
  customer_id: string;
  salutation: string | null;
  gender: number | null;
  first_name: string | null;
  last_name: string | null;
  pre_nominals: string | null;
  post_nominals: string | null;
  birthdate: string | null;
  email: string | null;
  phone: string | null;
  language_id: string | null;
  store_id: string | null;
  doi_email: Date | null;
  doi_phone: Date | null;
  last_change: Date;
  state: CustomerState;
  photo_id: string | null;
  /** Ordered by agreement id; `last_change` is JSON's ISO 8601 text with an offset. */
  consents: { agreement_id: string; text_id: string; consent_value: number; last_change: string }[];
}

/** A row of a page of `CUSTOMER_VIEW_COLUMNS`. */
type CustomerViewPageRow = CustomerViewRow & { [TOTAL_COLUMN]: number };

// The birthdate is formatted in SQL: the driver would turn a bare date into a local midnight.
const CUSTOMER_VIEW_COLUMNS = `
  c.customer_id, c.salutation, c.gender, c.first_name, c.last_name, c.pre_nominals, c.post_nominals,
  to_char(c.birthdate, 'YYYY-MM-DD') AS birthdate, c.email, c.phone, c.language_id, c.store_id,
  c.address1, c.address2, c.address3, c.address4, c.address5, c.address6, c.address7, c.zip, c.city, c.country_code,
  c.doi_email, c.doi_phone, c.last_change, c.state,
  (SELECT p.photo_id FROM customer_photos p WHERE p.customer_id = c.customer_id) AS photo_id,
  coalesce((SELECT json_agg(json_build_object('agreement_id', cc.agreement_id, 'text_id', a.text_id,
                                              'consent_value', cc.consent_value, 'last_change', cc.last_change)
                            ORDER BY cc.agreement_id)
            FROM customer_consents cc JOIN agreements a ON a.agreement_id = cc.agreement_id
            WHERE cc.customer_id = c.customer_id), '[]') AS consents`;

const CUSTOMER_VIEW_SQL = `SELECT ${CUSTOMER_VIEW_COLUMNS} FROM customers c WHERE c.customer_id = $1`;

/** The list's sort fields by the output names of `CUSTOMER_VIEW_COLUMNS`. */
const SORT_COLUMNS: Record<CustomerSortField, string> = {
  customer_id: 'customer_id',
  doi_email: 'doi_email',
  doi_phone: 'doi_phone',
  last_change: 'last_change',
  state: 'state',
};

/** Live customers matching every given criterion; text criteria but the phone ignore letter case. */
export interface CustomerCriteria {
  onlyCustomerId?: string;
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  /** `YYYY-MM-DD`. */
  birthdate?: string;
  emails?: string[];
  customerIds?: string[];
  customerSourceId?: string;
}

/** The SQL of reading customers as their answers show them. */
@Injectable()
export class CustomerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The customer in any state, deleted included, with its consents and photo, in one statement; null when the id is unknown. */
  async findView(customerId: string): Promise<CustomerView | null> {
    const [row] = await preparedQuery<CustomerViewRow>(this.dataSource.manager, 'customer-view', CUSTOMER_VIEW_SQL, [customerId]);
    return row ? toCustomerView(row) : null;
  }

  /** A page of live customers with their consents and photos, and the total, in one statement. */
  async findViewPage(criteria: CustomerCriteria, page: PageRequest<CustomerSortField>): Promise<Page<CustomerView>> {
    const params: unknown[] = [CustomerState.Deleted];
    const conditions = ['c.state <> $1'];
    const where = (condition: (param: string) => string, value: unknown) => conditions.push(condition(`$${params.push(value)}`));
    if (criteria.onlyCustomerId) where((id) => `c.customer_id = ${id}`, criteria.onlyCustomerId);
    if (criteria.email) where((email) => `lower(c.email) = lower(${email})`, criteria.email);
    if (criteria.phone) where((phone) => `c.phone = ${phone}`, criteria.phone);
    if (criteria.firstName) where((name) => `lower(c.first_name) = lower(${name})`, criteria.firstName);
    if (criteria.lastName) where((name) => `lower(c.last_name) = lower(${name})`, criteria.lastName);
    if (criteria.birthdate !== undefined) where((date) => `c.birthdate = ${date}::date`, criteria.birthdate);
    if (criteria.emails?.length) {
      where(
        (emails) => `lower(c.email) = ANY(${emails}::text[])`,
        criteria.emails.map((email) => email.toLowerCase()),
      );
    }
    if (criteria.customerIds?.length) where((ids) => `c.customer_id = ANY(${ids}::text[])`, criteria.customerIds);
    if (criteria.customerSourceId) {
      where(
        (source) =>
          `EXISTS (SELECT 1 FROM customer_source_records r WHERE r.customer_id = c.customer_id AND r.customer_source_id = ${source})`,
        criteria.customerSourceId,
      );
    }
    const statement = rowPageStatement(
      { from: 'customers c', conditions, columns: CUSTOMER_VIEW_COLUMNS },
      params,
      page,
      SORT_COLUMNS,
      'customer_id',
    );
    const rows = await this.dataSource.query<CustomerViewPageRow[]>(statement.sql, statement.params);
    const found = toRowPage(rows, 'customer_id');
    return { items: found.items.map(toCustomerView), total: found.total };
  }
}

export function toCustomerView(row: CustomerViewRow): CustomerView {
  return {
    customer: {
      id: row.customer_id,
      salutation: row.salutation,
      gender: row.gender,
      firstName: row.first_name,
      lastName: row.last_name,
      preNominals: row.pre_nominals,
      postNominals: row.post_nominals,
      birthdate: row.birthdate,
      email: row.email,
      phone: row.phone,
      languageId: row.language_id,
      storeId: row.store_id,
      address1: row.address1,
      address2: row.address2,
      address3: row.address3,
      address4: row.address4,
      address5: row.address5,
      address6: row.address6,
      address7: row.address7,
      zip: row.zip,
      city: row.city,
      countryCode: row.country_code,
      doiEmail: row.doi_email,
      doiPhone: row.doi_phone,
      lastChange: row.last_change,
      state: row.state,
    },
    consents: row.consents.map((consent) => ({
      agreementId: consent.agreement_id,
      textId: consent.text_id,
      consentValue: consent.consent_value,
      lastChange: new Date(consent.last_change),
    })),
    photoId: row.photo_id,
  };
}
