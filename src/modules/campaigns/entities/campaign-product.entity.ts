import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of a campaign product. */
export enum CampaignProductState {
  Blocked = 0,
  Active = 1,
}

/** How a campaign product's `value` reads: a percentage off the price, or the price itself. */
export enum CampaignValueType {
  PercentageDiscount = 1,
  FinalPrice = 2,
}

/** Where a campaign product may be shown; an empty list means everywhere. */
export const DISPLAY_PLACES = ['web', 'cash desk', 'api'] as const;
export type DisplayPlace = (typeof DISPLAY_PLACES)[number];

/** A value the operator gave a campaign product (there is no catalogue of these properties). */
export interface CampaignProductPropertyValue {
  property_id: string;
  property_name?: string;
  property_value: unknown;
}

/** One offer of a campaign: a product for one customer type and currency, for a time window. Written only; lists read rows. */
@Entity('campaign_products')
export class CampaignProductEntity {
  @PrimaryColumn({ name: 'campaign_product_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'campaign_id', type: 'varchar', length: 32 })
  campaignId!: string;

  @Column({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @Column({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  /** The API's `type_id`: a customer type. */
  @Column({ name: 'customer_type_id', type: 'varchar', length: 32 })
  customerTypeId!: string;

  /** numeric: the driver returns a decimal string. */
  @Column({ type: 'numeric', precision: 18, scale: 4 })
  value!: string;

  @Column({ name: 'value_type_id', type: 'smallint' })
  valueTypeId!: CampaignValueType;

  @Column({ name: 'valid_from', type: 'timestamptz' })
  validFrom!: Date;

  @Column({ name: 'valid_to', type: 'timestamptz' })
  validTo!: Date;

  @Column({ name: 'display_in', type: 'text', array: true, default: () => "'{}'" })
  displayIn!: DisplayPlace[];

  @Column({ name: 'presentation_name', type: 'text' })
  presentationName!: string;

  @Column({ name: 'presentation_subtitle', type: 'text', nullable: true })
  presentationSubtitle!: string | null;

  @Column({ name: 'presentation_note', type: 'text', nullable: true })
  presentationNote!: string | null;

  @Column({ name: 'presentation_description', type: 'text', nullable: true })
  presentationDescription!: string | null;

  @Column({ name: 'presentation_image_url', type: 'text', nullable: true })
  presentationImageUrl!: string | null;

  /** `CampaignProductPropertyValue`s; typed loosely as TypeORM cannot type a write of values of any shape. */
  @Column({ name: 'property_records', type: 'jsonb', default: () => "'[]'" })
  propertyRecords!: object[];

  @Column({ type: 'smallint', default: CampaignProductState.Active })
  state!: CampaignProductState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
