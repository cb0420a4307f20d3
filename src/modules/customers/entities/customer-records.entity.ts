import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ApiInterface } from '@tessera/http';

/* Records hanging off one customer. */

@Entity('customer_consents')
export class CustomerConsentEntity {
  @PrimaryColumn({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @PrimaryColumn({ name: 'agreement_id', type: 'varchar', length: 32 }) agreementId!: string;
  @Column({ name: 'consent_value', type: 'smallint' }) consentValue!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_interest_records')
export class CustomerInterestRecordEntity {
  @PrimaryColumn({ name: 'interest_record_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'interest_id', type: 'varchar', length: 32 }) interestId!: string;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_addresses')
export class CustomerAddressEntity {
  @PrimaryColumn({ name: 'additional_address_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'address_type_id', type: 'varchar', length: 32 }) addressTypeId!: string;
  @Column({ type: 'text', nullable: true }) address1!: string | null;
  @Column({ type: 'text', nullable: true }) address2!: string | null;
  @Column({ type: 'text', nullable: true }) address3!: string | null;
  @Column({ type: 'text', nullable: true }) address4!: string | null;
  @Column({ type: 'text', nullable: true }) address5!: string | null;
  @Column({ type: 'text', nullable: true }) address6!: string | null;
  @Column({ type: 'text', nullable: true }) address7!: string | null;
  @Column({ type: 'text', nullable: true }) zip!: string | null;
  @Column({ type: 'text', nullable: true }) city!: string | null;
  @Column({ name: 'country_code', type: 'varchar', length: 2, nullable: true }) countryCode!: string | null;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_relations')
export class CustomerRelationEntity {
  @PrimaryColumn({ name: 'customer_relation_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'related_customer_id', type: 'varchar', length: 32 }) relatedCustomerId!: string;
  @Column({ name: 'customer_relation_type_id', type: 'varchar', length: 32 }) customerRelationTypeId!: string;
  /** From `customer_id`'s side; the related customer sees the opposite. */
  @Column({ name: 'is_leading', type: 'boolean' }) isLeading!: boolean;
  @Column({ name: 'valid_from', type: 'timestamptz', default: () => 'now()' }) validFrom!: Date;
  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true }) validTo!: Date | null;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
  /** Decides whether the Customer interface may show the related customer's name. */
  @Column({ name: 'created_on_interface', type: 'text' }) createdOnInterface!: ApiInterface;
  /** Null while the relation is only the claim of `customer_id`, which the related customer does not see (decision 33). */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true }) confirmedAt!: Date | null;
}

@Entity('customer_partner_records')
export class CustomerPartnerRecordEntity {
  @PrimaryColumn({ name: 'partner_record_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'partner_id', type: 'varchar', length: 32 }) partnerId!: string;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_status_records')
export class CustomerStatusRecordEntity {
  @PrimaryColumn({ name: 'status_record_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'status_id', type: 'varchar', length: 32 }) statusId!: string;
  @Column({ name: 'valid_from', type: 'timestamptz' }) validFrom!: Date;
  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true }) validTo!: Date | null;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_referrals')
export class CustomerReferralEntity {
  @PrimaryColumn({ name: 'referral_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) code!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'referral_campaign_id', type: 'varchar', length: 32 }) referralCampaignId!: string;
  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true }) validTo!: Date | null;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' }) createdAt!: Date;
}

@Entity('customer_push_registrations')
export class CustomerPushRegistrationEntity {
  @PrimaryColumn({ name: 'push_registration_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ name: 'customer_id', type: 'varchar', length: 32 }) customerId!: string;
  @Column({ name: 'external_application_id', type: 'varchar', length: 32 }) applicationId!: string;
  @Column({ name: 'device_id', type: 'text' }) deviceId!: string;
  @Column({ name: 'device_system', type: 'text' }) deviceSystem!: string;
  @Column({ name: 'device_name', type: 'text' }) deviceName!: string;
  @Column({ name: 'device_type', type: 'text' }) deviceType!: string;
  @Column({ name: 'push_token', type: 'text' }) pushToken!: string;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}
