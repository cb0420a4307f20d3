import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A store a campaign product applies in; a campaign product without any applies in every store. */
@Entity('campaign_product_store_records')
export class CampaignProductStoreRecordEntity {
  @PrimaryColumn({ name: 'campaign_product_store_record_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'campaign_product_id', type: 'varchar', length: 32 })
  campaignProductId!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32 })
  storeId!: string;
}
