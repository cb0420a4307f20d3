import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';
import { MessageParameterDto } from './message.dto';

export class MessageTemplateListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ description: 'A communication channel id (its integer code is accepted too)' })
  @IsOptional()
  @IsString()
  communication_channel_id?: string;
}

export class MessageTemplateDto {
  @ApiProperty({ readOnly: true }) message_template_id!: string;
  @ApiProperty({ description: 'May go to customers who have not consented to the channel' }) consent_free_template!: boolean;
  @ApiProperty({ readOnly: true, description: 'E-mail subject or notification title; empty for SMS' }) subject!: string;
  @ApiProperty({ readOnly: true }) sender!: string;
  @ApiProperty({ readOnly: true }) name!: string;
  @ApiProperty({ readOnly: true, nullable: true, type: String }) preview_url!: string | null;
  @ApiProperty({ readOnly: true, nullable: true, type: String }) icon_url!: string | null;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [1, 2, 3], description: '1 newsletter, 2 system, 3 transactional' })
  message_template_group_id!: number;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [1, 2, 4, 5, 9] }) communication_channel_id!: number;
  @ApiProperty({ type: [MessageParameterDto], description: "Default values of the template's placeholders" })
  template_data!: MessageParameterDto[];
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
}

export class MessageTemplateListDataDto {
  @ApiProperty({ type: () => [MessageTemplateDto] }) message_templates!: MessageTemplateDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class MessageTemplateListResponseDto {
  @ApiProperty({ type: () => MessageTemplateListDataDto }) data!: MessageTemplateListDataDto;
}

export class MessageTemplateResponseDto {
  @ApiProperty({ type: () => MessageTemplateDto }) data!: MessageTemplateDto;
}
