import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of a hint. */
export enum HintState {
  Deleted = 0,
  Active = 1,
  Inactive = 2,
}

/** A hint (the API's "recommendation"), written by the operator. */
@Entity('hints')
export class HintEntity {
  @PrimaryColumn({ name: 'hint_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'brief_description', type: 'text', nullable: true })
  briefDescription!: string | null;

  @Column({ name: 'detailed_description', type: 'text', nullable: true })
  detailedDescription!: string | null;

  /** HTML, served as the operator wrote it. */
  @Column({ type: 'text', nullable: true })
  content!: string | null;

  @Column({ name: 'picture_urls', type: 'text', array: true, default: () => "'{}'" })
  pictureUrls!: string[];

  @Column({ name: 'web_url', type: 'text', nullable: true })
  webUrl!: string | null;

  @Column({ type: 'smallint', default: HintState.Active })
  state!: HintState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
