import { Column, Entity, PrimaryColumn } from 'typeorm';

/* Definitions the operator keeps and customers' records point at; the contract's API only lists them. */

@Entity('interests')
export class InterestEntity {
  @PrimaryColumn({ name: 'interest_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_address_types')
export class CustomerAddressTypeEntity {
  @PrimaryColumn({ name: 'address_type_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_relation_types')
export class CustomerRelationTypeEntity {
  @PrimaryColumn({ name: 'customer_relation_type_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('customer_types')
export class CustomerTypeEntity {
  @PrimaryColumn({ name: 'type_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'text_id', type: 'text' }) textId!: string;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('agreements')
export class AgreementEntity {
  @PrimaryColumn({ name: 'agreement_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text', default: '' }) text!: string;
  @Column({ name: 'withdrawal_text', type: 'text', nullable: true }) withdrawalText!: string | null;
  @Column({ name: 'communication_channel_id', type: 'varchar', length: 32, nullable: true }) communicationChannelId!: string | null;
  @Column({ name: 'text_id', type: 'text' }) textId!: string;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}

@Entity('referral_campaigns')
export class ReferralCampaignEntity {
  @PrimaryColumn({ name: 'referral_campaign_id', type: 'varchar', length: 32 }) id!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ name: 'customer_relation_type_id', type: 'varchar', length: 32 }) customerRelationTypeId!: string;
  @Column({ name: 'is_default', type: 'boolean', default: false }) isDefault!: boolean;
  /** How long a new code stays valid; null means codes never expire. */
  @Column({ name: 'code_validity_days', type: 'integer', nullable: true }) codeValidityDays!: number | null;
  @Column({ type: 'smallint', default: 1 }) state!: number;
  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' }) lastChange!: Date;
}
