import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ChannelCode } from '../../reference-data';

/** A value a template or a message fills its placeholders with (the API's `Parameter`). */
export interface MessageParameter {
  parameter_name: string;
  value: string;
}

/** What a template is the project's default for; ordinary templates have none. */
export type TemplatePurpose = 'one_time_password' | 'password_setup';

/** A template is active (1) or removed by the operator (0); removed ones stay for the messages sent with them. */
export enum MessageTemplateState {
  Removed = 0,
  Active = 1,
}

/** Prepared content for one channel; `{{name}}` placeholders are filled when a message is sent. */
@Entity('message_templates')
export class MessageTemplateEntity {
  @PrimaryColumn({ name: 'message_template_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'communication_channel_code', type: 'smallint' })
  channelCode!: ChannelCode;

  /** 1 newsletter, 2 system, 3 transactional. */
  @Column({ name: 'message_template_group_id', type: 'smallint' })
  groupId!: number;

  /** May go to a customer who has not consented to the channel. */
  @Column({ name: 'consent_free', type: 'boolean', default: false })
  consentFree!: boolean;

  @Column({ type: 'text', default: '' })
  sender!: string;

  @Column({ type: 'text', default: '' })
  subject!: string;

  @Column({ name: 'plain_text_body', type: 'text', default: '' })
  plainTextBody!: string;

  @Column({ name: 'html_body', type: 'text', default: '' })
  htmlBody!: string;

  @Column({ name: 'preview_url', type: 'text', nullable: true })
  previewUrl!: string | null;

  @Column({ name: 'icon_url', type: 'text', nullable: true })
  iconUrl!: string | null;

  /** Default values of the placeholders; a message's own values win. */
  @Column({ name: 'template_data', type: 'jsonb', default: () => "'[]'" })
  templateData!: MessageParameter[];

  @Column({ type: 'text', nullable: true })
  purpose!: TemplatePurpose | null;

  @Column({ type: 'smallint', default: MessageTemplateState.Active })
  state!: MessageTemplateState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
