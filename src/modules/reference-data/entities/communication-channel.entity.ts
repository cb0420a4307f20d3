import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('communication_channels')
export class CommunicationChannelEntity {
  @PrimaryColumn({ name: 'communication_channel_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  /** The integer the API's message, template and one-time-password fields use; null where none is defined. */
  @Column({ type: 'smallint', nullable: true })
  code!: number | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
