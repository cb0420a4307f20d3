import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto } from '@tessera/http';
import { MESSAGE_CHANNEL_CODES } from '../message.service';

const STATUSES = [0, 1, -1, -2, 2, 4, 5];

export class MessageListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ description: 'The e-mail address or phone number the message went to (whole, without regard to letter case)' })
  @IsOptional()
  @IsString()
  contact?: string;
  @ApiPropertyOptional({ description: 'A communication channel id (its integer code is accepted too)' })
  @IsOptional()
  @IsString()
  communication_channel_id?: string;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() send_time_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() send_time_to?: string;
}

/** A value that fills a template placeholder (the API's `Parameter`). */
export class MessageParameterDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() parameter_name!: string;
  @ApiProperty() @IsDefined() @IsString() value!: string;
}

export class MessageAttachmentInputDto {
  @ApiProperty({ enum: ['url', 'base64'] }) @IsDefined() @IsIn(['url', 'base64']) upload_method!: 'url' | 'base64';
  @ApiProperty({ description: 'An http(s) URL, or the base64 content; a JPEG, PNG, GIF or PDF file of at most 1 MB' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  file_data!: string;
  @ApiPropertyOptional({
    type: 'integer',
    description: 'Minutes to keep the file after delivery; without it the file is dropped once delivery ends',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(527040)
  cache_for?: number;
}

/** A message as `send-message` takes it; read-only fields are accepted and ignored. */
export class MessageInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() message_template_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiProperty({ type: 'integer', enum: MESSAGE_CHANNEL_CODES, description: '1 e-mail, 2 SMS, 4 mobile push, 5 in-app notification' })
  @IsDefined()
  @IsInt()
  @IsIn(MESSAGE_CHANNEL_CODES)
  communication_channel_id!: number;
  @ApiPropertyOptional({ description: "Deliver here instead of the customer's own e-mail address or phone number" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  contact?: string;
  @ApiPropertyOptional({ type: [MessageParameterDto], maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => MessageParameterDto)
  message_data?: MessageParameterDto[];
  @ApiPropertyOptional({ type: [MessageAttachmentInputDto], maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => MessageAttachmentInputDto)
  attachments?: MessageAttachmentInputDto[];

  @ApiPropertyOptional({ readOnly: true }) @Allow() message_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() status?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() title?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() send_time?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() opened_time?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() mail_client_user_agent?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() mail_client_language?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class SendMessageBodyDto {
  @ApiProperty({ type: MessageInputDto }) @IsDefined() @ValidateNested() @Type(() => MessageInputDto) message!: MessageInputDto;
}

/** A message as the API shows it. */
export class MessageDto {
  @ApiProperty({ readOnly: true }) message_id!: string;
  @ApiProperty({
    readOnly: true,
    type: 'integer',
    enum: STATUSES,
    description: '0 queued, 1 sent, -1 refused for good, -2 soft bounce, 2 failed, 4 no consent, 5 waiting for a retry',
  })
  status!: number;
  @ApiProperty() message_template_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiPropertyOptional() contact?: string | null;
  @ApiProperty({ readOnly: true }) title!: string;
  @ApiPropertyOptional({ readOnly: true, example: '2025-01-31 09:15:00' }) send_time?: string | null;
  @ApiPropertyOptional({ readOnly: true, example: '2025-01-31 10:02:11' }) opened_time?: string | null;
  @ApiPropertyOptional({ readOnly: true }) mail_client_user_agent?: string | null;
  @ApiPropertyOptional({ readOnly: true }) mail_client_language?: string | null;
  @ApiProperty({ type: 'integer', enum: MESSAGE_CHANNEL_CODES }) communication_channel_id!: number;
  @ApiProperty({ type: [MessageParameterDto] }) message_data!: MessageParameterDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
}

export class MessageAttachmentInfoDto {
  @ApiProperty({ description: 'The file name with its extension' }) attachment_format!: string;
}

/** The bodies as rendered for the customer. */
export class MessageDetailDto {
  @ApiProperty({ readOnly: true }) plain_text_body!: string;
  @ApiProperty({ readOnly: true }) html_body!: string;
  @ApiProperty({ readOnly: true, type: [MessageAttachmentInfoDto] }) attachments!: MessageAttachmentInfoDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
}

export class MessageListDataDto {
  @ApiProperty({ type: () => [MessageDto] }) messages!: MessageDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class MessageListResponseDto {
  @ApiProperty({ type: () => MessageListDataDto }) data!: MessageListDataDto;
}

export class MessageResponseDto {
  @ApiProperty({ type: () => MessageDto }) data!: MessageDto;
}

export class MessageDetailResponseDto {
  @ApiProperty({ type: () => MessageDetailDto }) data!: MessageDetailDto;
}
