import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { decoyPasswordHash, hashPassword, hashSecret, inTransaction, isUniqueViolation, newId, verifyPassword } from '@tessera/core';
import {
  ApiInterface,
  CommonErrorCode,
  CommonException,
  InvalidReason,
  Page,
  PageRequest,
  postalAddressColumns,
  PostalAddressDto,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { writeOutboxEvent } from '../../platform/outbox';
import { CountryService, CustomerSourceService, LanguageService, StoreService } from '../reference-data';
import { customerUpdated } from './customer-changes';
import { parseBirthdateFilter } from './customer-dates';
import { CustomerDefinitionService, FIXED_AGREEMENTS, FixedAgreementField } from './customer-definition.service';
import { CustomerPartnerService } from './customer-partner.service';
import { CustomerPropertyRecordService, PropertyRecordInput } from './customer-property-record.service';
import { CustomerReferralService } from './customer-referral.service';
import { CustomerRepository, CustomerView } from './customer.repository';
import { CustomerRegistrationStep } from './customer-registration.step';
import { CustomerException } from './customers.exceptions';
import { CustomerPhotoEntity } from './entities/customer-photo.entity';
import { CustomerSourceLinkEntity } from './entities/customer-source-link.entity';
import { CustomerEntity, CustomerState } from './entities/customer.entity';
import { checkPasswordStrength } from './password-policy';
import { CustomerMilestoneHooks } from './customer-milestone.hooks';

/** The consent value of an agreement given. */
const CONSENT_GIVEN = 1;

export const CUSTOMER_SORT_FIELDS = ['customer_id', 'doi_email', 'doi_phone', 'last_change', 'state'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

const LIVE_EMAIL_INDEX = 'customers_live_email_key';
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

export type AgreementInput = Partial<Record<FixedAgreementField, number>> & {
  custom_agreements?: { agreement_id: string; agreement_value: number }[];
};

export interface PersonalInformationInput {
  salutation?: string;
  gender?: number | null;
  first_name?: string;
  last_name?: string;
  pre_nominals?: string;
  post_nominals?: string;
  birthdate?: string;
  email?: string;
  phone?: string;
  language_id: string;
  store_id?: string;
  address?: PostalAddressDto;
  agreement?: AgreementInput;
  consents?: { consent_id: string; consent_value: number }[];
}

export interface CustomerReplaceInput {
  customer: { personal_information: PersonalInformationInput };
  password?: string;
  social_network_credentials?: { social_network_id: string; social_network_token: string };
  property_records?: PropertyRecordInput[];
}

export interface CustomerCreateInput extends CustomerReplaceInput {
  customer_source: { customer_source_id: string; external_id?: string };
  autologin: boolean;
  referral_code?: string;
}

/** A registration checked and ready to store: `write` stores it, in the given transaction if any. */
export interface PreparedCustomer {
  customerId: string;
  write(manager?: EntityManager): Promise<string>;
}

export interface CustomerFilter {
  email?: string;
  phone?: string;
  customer_source_id?: string;
  first_name?: string;
  last_name?: string;
  birthdate?: string;
  email_list?: string[];
  customer_ids?: string[];
}

export interface CustomerSearch {
  first_name?: string;
  last_name?: string;
  birthdate?: string;
  /** The customer owning the searched card, when a card number was given (null: no such card). */
  card_owner_id?: string | null;
}

export interface NewsletterSignUpInput {
  contact: string;
  customer_source_id: string;
  agreements?: AgreementInput;
  language_id?: string;
  partner_records?: { partner_id: string }[];
}

type ConsentValues = Map<string, number>;

/** A deleted customer is answered as if it never existed. */
const isLive = (customer: { state: CustomerState }): boolean => customer.state !== CustomerState.Deleted;

/** Customer accounts: registration, lookup, full replacement, credentials, photo, newsletter sign-up. */
@Injectable()
export class CustomerService {
  constructor(
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(CustomerPhotoEntity) private readonly photos: Repository<CustomerPhotoEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customerViews: CustomerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly definitions: CustomerDefinitionService,
    private readonly propertyRecords: CustomerPropertyRecordService,
    private readonly partners: CustomerPartnerService,
    private readonly registration: CustomerRegistrationStep,
    private readonly referrals: CustomerReferralService,
    private readonly sources: CustomerSourceService,
    private readonly stores: StoreService,
    private readonly countries: CountryService,
    private readonly languages: LanguageService,
    private readonly milestones: CustomerMilestoneHooks,
  ) {}

  /**
   * Registers a customer with its source record, consents, property records, partner relations
   * (`partnerIds`: the partners the caller may assign), entry status and referral relation (made on
   * the `origin` interface), all in one transaction. A second live customer with the same email is
   * refused, even under a race.
   */
  async create(input: CustomerCreateInput, partnerIds: string[], origin: ApiInterface): Promise<string> {
    return (await this.prepareCreate(input, partnerIds, origin)).write();
  }

  /**
   * `create` in two steps, for a flow that writes more in the same transaction: the checks, lookups and
   * password hashing run first on pool connections of their own; `write` then only writes, in the
   * caller's transaction when given one. A transaction that asked the pool for more connections while
   * holding one would let concurrent registrations exhaust the pool and wait on each other forever.
   */
  async prepareCreate(input: CustomerCreateInput, partnerIds: string[], origin: ApiInterface): Promise<PreparedCustomer> {
    const info = input.customer.personal_information;
    if (input.autologin && input.password === undefined) {
      throw CommonException.invalid('password', InvalidReason.Required, 'A password is required when autologin is true');
    }
    if (input.password !== undefined) this.assertStrongPassword(input.password);
    await this.checkPersonalInformation(info);
    await this.asBodyReference(
      this.sources.get(input.customer_source.customer_source_id),
      'customer_source.customer_source_id',
      input.customer_source.customer_source_id,
    );
    if (info.email) await this.assertEmailFree(info.email, null);
    const consents = await this.resolveConsents(info);
    const records = await this.propertyRecords.checkForNewCustomer(input.property_records ?? []);
    const referrer = input.referral_code ? await this.referrals.requireValidCode(input.referral_code, 'referral_code') : null;
    const customer = this.customers.create({
      id: newId(),
      ...this.columnsOf(info),
      storeId: info.store_id ?? null,
      passwordHash: input.password !== undefined ? await hashPassword(input.password) : null,
      ...this.socialColumns(input.social_network_credentials),
      state: CustomerState.Active,
    });
    const write = async (manager?: EntityManager): Promise<string> => {
      await this.writeUnique(info.email, manager, async (manager) => {
        await manager.insert(CustomerEntity, customer);
        await manager.insert(CustomerSourceLinkEntity, {
          id: newId(),
          customerId: customer.id,
          customerSourceId: input.customer_source.customer_source_id,
          externalId: input.customer_source.external_id ?? null,
        });
        await this.writeConsents(customer.id, consents, manager, true);
        await this.propertyRecords.upsert(customer.id, records, manager);
        await this.partners.assign(customer.id, partnerIds, manager);
        if (referrer) await this.referrals.relateReferred(referrer, customer.id, origin, manager);
        await this.registration.registered(customer.id, { origin, customerSourceId: input.customer_source.customer_source_id }, manager);
      });
      return customer.id;
    };
    return { customerId: customer.id, write };
  }

  async list(filter: CustomerFilter, page: PageRequest<CustomerSortField>, onlyCustomerId?: string): Promise<Page<CustomerView>> {
    let birthdate: string | undefined;
    if (filter.birthdate !== undefined) {
      birthdate = parseBirthdateFilter(filter.birthdate) ?? undefined;
      if (!birthdate)
        throw CommonException.invalid(
          'birthdate',
          InvalidReason.InvalidValueFormat,
          'birthdate must be YYYY-MM-DD or DD.MM.YYYY',
          filter.birthdate,
        );
    }
    return this.customerViews.findViewPage(
      {
        onlyCustomerId,
        email: filter.email,
        phone: filter.phone,
        firstName: filter.first_name,
        lastName: filter.last_name,
        birthdate,
        emails: filter.email_list,
        customerIds: filter.customer_ids,
        customerSourceId: filter.customer_source_id,
      },
      page,
    );
  }

  async get(customerId: string): Promise<CustomerView> {
    const view = await this.customerViews.findView(customerId);
    if (!view || !isLive(view.customer)) throw CommonException.recordNotFound('customers', customerId);
    return view;
  }

  /** Full replacement: omitted fields are cleared, except the password, social credentials and store. */
  async replace(customerId: string, input: CustomerReplaceInput): Promise<void> {
    const current = await this.requireLive(customerId);
    const info = input.customer.personal_information;
    if (input.password !== undefined) this.assertStrongPassword(input.password);
    await this.checkPersonalInformation(info);
    if (info.email) await this.assertEmailFree(info.email, customerId);
    const consents = await this.resolveConsents(info);
    const records = input.property_records
      ? await this.propertyRecords.check(input.property_records, customerId, (index) => `property_records[${index}]`)
      : null;
    const changes: Partial<CustomerEntity> = {
      ...this.columnsOf(info),
      storeId: info.store_id ?? current.storeId,
      lastChange: new Date(),
    };
    if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
    if (input.social_network_credentials) Object.assign(changes, this.socialColumns(input.social_network_credentials));
    await this.writeUnique(info.email, undefined, async (manager) => {
      await manager.update(CustomerEntity, { id: customerId }, changes);
      await this.writeConsents(customerId, consents, manager, true);
      if (records) await this.propertyRecords.replaceAll(customerId, records, manager);
      await writeOutboxEvent(manager, customerUpdated(customerId));
    });
  }

  /**
   * The customer whose credentials these are. `by: 'id'` is for logins resolved elsewhere (a card);
   * every refusal looks the same and costs the same time.
   */
  async verifyCredentials(by: 'email' | 'id', value: string | null, password: string): Promise<string> {
    let customer: CustomerEntity | null = null;
    if (value !== null) {
      const query = this.customers.createQueryBuilder('c').where('c.state = :active', { active: CustomerState.Active });
      if (by === 'email') query.andWhere('lower(c.email) = lower(:value)', { value });
      else query.andWhere('c.customer_id = :value', { value });
      customer = await query.getOne();
    }
    const passwordOk = await verifyPassword(password, customer?.passwordHash ?? (await decoyPasswordHash()));
    if (!customer?.passwordHash || !passwordOk) throw CustomerException.credentialsRejected();
    return customer.id;
  }

  /** Customers matching every given criterion exactly; `strict` requires all four criteria. */
  async search(criteria: CustomerSearch, strict: boolean): Promise<string[]> {
    const named: [keyof CustomerSearch, string][] = [
      ['first_name', 'first_name'],
      ['last_name', 'last_name'],
      ['birthdate', 'birthdate'],
      ['card_owner_id', 'card_number'],
    ];
    const missing = named.filter(([key]) => criteria[key] === undefined);
    if (strict && missing.length > 0) {
      throw CommonException.invalidParams(
        missing.map(([, name]) => ({ name, reason: InvalidReason.Required, message: `${name} is required in strict mode` })),
      );
    }
    if (missing.length === named.length)
      throw CommonException.invalid('first_name', InvalidReason.Required, 'Give at least one search criterion');
    // Checked before an unknown card ends the search, so a bad birthdate is refused whatever the card.
    const birthdate = criteria.birthdate === undefined ? undefined : parseBirthdateFilter(criteria.birthdate);
    if (birthdate === null)
      throw CommonException.invalid(
        'birthdate',
        InvalidReason.InvalidValueFormat,
        'birthdate must be YYYY-MM-DD or DD.MM.YYYY',
        criteria.birthdate,
      );
    if (criteria.card_owner_id === null) return [];
    const query = this.customers.createQueryBuilder('c').select('c.id').where('c.state <> :deleted', { deleted: CustomerState.Deleted });
    if (criteria.first_name !== undefined) query.andWhere('lower(c.first_name) = lower(:firstName)', { firstName: criteria.first_name });
    if (criteria.last_name !== undefined) query.andWhere('lower(c.last_name) = lower(:lastName)', { lastName: criteria.last_name });
    if (birthdate !== undefined) query.andWhere('c.birthdate = :birthdate', { birthdate });
    if (criteria.card_owner_id) query.andWhere('c.customer_id = :owner', { owner: criteria.card_owner_id });
    const found = await query.orderBy('c.id').limit(1000).getMany();
    return found.map((customer) => customer.id);
  }

  /** Whether a new registration with this email or phone would be accepted. */
  async canRegister(type: 'email' | 'phone', value: string): Promise<boolean> {
    const query = this.customers.createQueryBuilder('c').where('c.state <> :deleted', { deleted: CustomerState.Deleted });
    if (type === 'email') query.andWhere('lower(c.email) = lower(:value)', { value });
    else query.andWhere('c.phone = :value', { value });
    return !(await query.getExists());
  }

  isPasswordStrong(password: string): boolean {
    return checkPasswordStrength(password).ok;
  }

  /** Replaces the customer's photo, a `customer_updated`; a new photo gets a new id, so its URL changes with it. */
  async uploadPhoto(customerId: string, base64: string): Promise<void> {
    await this.requireLive(customerId);
    const data = this.decodePhoto(base64);
    const contentType = this.photoType(data);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO customer_photos (photo_id, customer_id, content_type, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id) DO UPDATE SET photo_id = EXCLUDED.photo_id, content_type = EXCLUDED.content_type,
           data = EXCLUDED.data, created_at = now()`,
        [newId(), customerId, contentType, data],
      );
      await manager.update(CustomerEntity, { id: customerId }, { lastChange: new Date() });
      await writeOutboxEvent(manager, customerUpdated(customerId));
    });
  }

  async getPhoto(photoId: string): Promise<{ contentType: string; data: Buffer }> {
    const photo = await this.photos.createQueryBuilder('p').addSelect('p.data').where('p.photo_id = :photoId', { photoId }).getOne();
    if (!photo) throw CommonException.recordNotFound('customer-photos', photoId);
    return { contentType: photo.contentType, data: photo.data };
  }

  /**
   * Creates the contact's customer if no live one exists, then sets the given consents, the source
   * and the partners, in one transaction. Serialised per contact, so two sign-ups make one customer.
   */
  async signUpForNewsletter(input: NewsletterSignUpInput, accessiblePartnerIds: string[]): Promise<void> {
    const kind = this.contactKind(input.contact);
    await this.asBodyReference(this.sources.get(input.customer_source_id), 'customer_source_id', input.customer_source_id);
    if (input.language_id !== undefined) await this.assertLanguage(input.language_id, 'language_id');
    const consents = input.agreements ? await this.consentsFromAgreement(input.agreements, 'agreements') : new Map<string, number>();
    const partnerIds = input.partner_records?.length
      ? await this.partners.requireActivePartners(
          input.partner_records.map((record) => record.partner_id),
          'partner_records',
        )
      : accessiblePartnerIds;
    await this.dataSource.transaction(async (manager) => {
      const contact = kind === 'email' ? input.contact.toLowerCase() : input.contact;
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customer-contact:${kind}:${contact}`]);
      const existing = await manager
        .getRepository(CustomerEntity)
        .createQueryBuilder('c')
        .where('c.state <> :deleted', { deleted: CustomerState.Deleted })
        .andWhere(kind === 'email' ? 'lower(c.email) = :contact' : 'c.phone = :contact', { contact })
        .orderBy('c.created_at')
        .getOne();
      const customerId = existing?.id ?? newId();
      if (!existing) {
        await manager.insert(CustomerEntity, {
          id: customerId,
          email: kind === 'email' ? input.contact : null,
          phone: kind === 'phone' ? input.contact : null,
          languageId: input.language_id ?? this.config.defaultLanguage,
          state: CustomerState.Active,
        });
        await this.registration.registered(customerId, { origin: 'newsletter', customerSourceId: input.customer_source_id }, manager);
      } else if (input.language_id !== undefined) {
        await manager.update(CustomerEntity, { id: customerId }, { languageId: input.language_id, lastChange: new Date() });
        await writeOutboxEvent(manager, customerUpdated(customerId));
      }
      const hasSource = await manager.exists(CustomerSourceLinkEntity, {
        where: { customerId, customerSourceId: input.customer_source_id },
      });
      if (!hasSource) {
        await manager.insert(CustomerSourceLinkEntity, {
          id: newId(),
          customerId,
          customerSourceId: input.customer_source_id,
          externalId: null,
        });
      }
      await this.writeConsents(customerId, consents, manager, false);
      await this.partners.assign(customerId, partnerIds, manager);
    });
  }

  private contactKind(contact: string): 'email' | 'phone' {
    if (/^[1-9][0-9]*$/.test(contact)) return 'phone';
    if (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(contact)) return 'email';
    throw CommonException.invalid(
      'contact',
      InvalidReason.InvalidValueFormat,
      'The contact must be an email address or a phone number',
      contact,
    );
  }

  private async requireLive(customerId: string): Promise<CustomerEntity> {
    const customer = await this.customers.findOne({ where: { id: customerId } });
    if (!customer || !isLive(customer)) throw CommonException.recordNotFound('customers', customerId);
    return customer;
  }

  /** Runs the writes in one transaction (the caller's if given); a lost race on the live-email index becomes `already_exists`. */
  private async writeUnique(
    email: string | undefined,
    manager: EntityManager | undefined,
    work: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    try {
      await inTransaction(this.dataSource, manager, work);
    } catch (error) {
      if (email && isUniqueViolation(error, LIVE_EMAIL_INDEX))
        throw CustomerException.emailTaken('customer.personal_information.email', email);
      throw error;
    }
  }

  private async assertEmailFree(email: string, exceptCustomerId: string | null): Promise<void> {
    const query = this.customers
      .createQueryBuilder('c')
      .where('lower(c.email) = lower(:email) AND c.state <> :deleted', { email, deleted: CustomerState.Deleted });
    if (exceptCustomerId) query.andWhere('c.customer_id <> :exceptCustomerId', { exceptCustomerId });
    if (await query.getExists()) throw CustomerException.emailTaken('customer.personal_information.email', email);
  }

  private assertStrongPassword(password: string): void {
    const check = checkPasswordStrength(password);
    if (!check.ok) throw CustomerException.weakPassword(check.message);
  }

  private async checkPersonalInformation(info: PersonalInformationInput): Promise<void> {
    const prefix = 'customer.personal_information';
    await this.assertLanguage(info.language_id, `${prefix}.language_id`);
    if (info.store_id) await this.asBodyReference(this.stores.get(info.store_id), `${prefix}.store_id`, info.store_id);
    const country = info.address?.country_code;
    if (country && !(await this.countries.exists(country.toLowerCase()))) {
      throw CommonException.invalid(`${prefix}.address.country_code`, InvalidReason.NotFound, 'No country has this code', country);
    }
  }

  private async assertLanguage(languageId: string, field: string): Promise<void> {
    const languages = await this.languages.list({});
    if (!languages.some((language) => language.id === languageId)) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No language has this id', languageId);
    }
  }

  /** A 404 of a looked-up definition becomes a 400 `not_found` naming the body field that held the id. */
  private async asBodyReference<T>(lookup: Promise<T>, field: string, value: string): Promise<T> {
    try {
      return await lookup;
    } catch (error) {
      if (error instanceof CommonException && error.code === CommonErrorCode.RecordNotFound) {
        throw CommonException.invalid(field, InvalidReason.NotFound, `No record has the id in ${field}`, value);
      }
      throw error;
    }
  }

  /** `consents` wins; without it the deprecated `agreement` object counts; without both, none. */
  private async resolveConsents(info: PersonalInformationInput): Promise<ConsentValues> {
    const prefix = 'customer.personal_information';
    if (info.consents) {
      const ids = info.consents.map((consent) => consent.consent_id);
      const active = await this.definitions.activeAgreementIds(ids);
      const unknown = info.consents.findIndex((consent) => !active.has(consent.consent_id));
      if (unknown >= 0) {
        throw CommonException.invalid(
          `${prefix}.consents[${unknown}].consent_id`,
          InvalidReason.NotFound,
          'No agreement has this id',
          ids[unknown],
        );
      }
      return new Map(info.consents.map((consent) => [consent.consent_id, consent.consent_value]));
    }
    return info.agreement ? this.consentsFromAgreement(info.agreement, `${prefix}.agreement`) : new Map();
  }

  private async consentsFromAgreement(agreement: AgreementInput, field: string): Promise<ConsentValues> {
    const idByTextId = new Map([...(await this.definitions.agreementTextIds())].map(([id, textId]) => [textId, id]));
    const values: ConsentValues = new Map();
    for (const [key, textId] of Object.entries(FIXED_AGREEMENTS) as [FixedAgreementField, string][]) {
      const value = agreement[key];
      const agreementId = idByTextId.get(textId);
      if (value === undefined) continue;
      if (!agreementId) throw CommonException.invalid(`${field}.${key}`, InvalidReason.NotFound, `The project has no agreement ${textId}`);
      values.set(agreementId, value);
    }
    const custom = agreement.custom_agreements ?? [];
    const active = await this.definitions.activeAgreementIds(custom.map((item) => item.agreement_id));
    for (const [index, item] of custom.entries()) {
      if (!active.has(item.agreement_id)) {
        throw CommonException.invalid(
          `${field}.custom_agreements[${index}].agreement_id`,
          InvalidReason.NotFound,
          'No agreement has this id',
          item.agreement_id,
        );
      }
      values.set(item.agreement_id, item.agreement_value);
    }
    return values;
  }

  /**
   * Stores consent values; `exact` removes consents not listed (a full replacement). A consent's
   * `last_change` moves only when its value does.
   */
  private async writeConsents(customerId: string, values: ConsentValues, manager: EntityManager, exact: boolean): Promise<void> {
    const ids = [...values.keys()];
    if (exact) {
      await manager.query(`DELETE FROM customer_consents WHERE customer_id = $1 AND NOT (agreement_id = ANY($2::text[]))`, [
        customerId,
        ids,
      ]);
    }
    if (ids.length === 0) return;
    // The rows written are the consents whose value changed; those now given reach the consent milestone.
    const changed = await manager.query<{ agreement_id: string; consent_value: number }[]>(
      `INSERT INTO customer_consents (customer_id, agreement_id, consent_value)
       SELECT $1, agreement_id, value FROM unnest($2::text[], $3::smallint[]) AS v(agreement_id, value)
       ON CONFLICT (customer_id, agreement_id) DO UPDATE SET consent_value = EXCLUDED.consent_value, last_change = now()
       WHERE customer_consents.consent_value <> EXCLUDED.consent_value
       RETURNING agreement_id, consent_value`,
      [customerId, ids, ids.map((id) => values.get(id))],
    );
    for (const row of changed
      .filter((row) => row.consent_value === CONSENT_GIVEN)
      .sort((a, b) => a.agreement_id.localeCompare(b.agreement_id)))
      await this.milestones.reached({ kind: 'consent_given', customerId, agreementId: row.agreement_id }, manager);
  }

  private columnsOf(info: PersonalInformationInput): Partial<CustomerEntity> {
    return {
      salutation: info.salutation ?? null,
      gender: info.gender ?? null,
      firstName: info.first_name ?? null,
      lastName: info.last_name ?? null,
      preNominals: info.pre_nominals ?? null,
      postNominals: info.post_nominals ?? null,
      birthdate: info.birthdate ?? null,
      email: info.email ?? null,
      phone: info.phone ?? null,
      languageId: info.language_id,
      ...postalAddressColumns(info.address),
    };
  }

  private socialColumns(credentials: CustomerReplaceInput['social_network_credentials']): Partial<CustomerEntity> {
    return credentials
      ? { socialNetworkId: credentials.social_network_id, socialNetworkTokenHash: hashSecret(credentials.social_network_token) }
      : {};
  }

  private decodePhoto(base64: string): Buffer {
    // Clients often send a data URL; the part after the comma is the image.
    const payload = base64.replace(/^data:image\/[a-z]+;base64,/i, '').replace(/\s+/g, '');
    if (payload.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(payload))
      throw CustomerException.photoRejected('The photo must be base64 encoded');
    const data = Buffer.from(payload, 'base64');
    if (data.length > MAX_PHOTO_BYTES) throw CustomerException.photoRejected('The photo may have at most 2 MB');
    return data;
  }

  private photoType(data: Buffer): string {
    if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
    if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
    throw CustomerException.photoRejected('The photo must be a JPEG or PNG image');
  }
}
