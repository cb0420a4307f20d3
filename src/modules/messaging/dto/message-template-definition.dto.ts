import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  ValidateNested,
} from 'class-validator';
import type { TemplatePurpose } from '../entities/message-template.entity';

const HTTP_URL = { require_protocol: true, protocols: ['http', 'https'] };
const PURPOSES: TemplatePurpose[] = ['one_time_password', 'password_setup'];

export class TemplateParameterDto {
  @ApiProperty({ example: 'code' }) @IsDefined() @IsString() @IsNotEmpty() parameter_name!: string;
  @ApiProperty({ example: '000000' }) @IsDefined() @IsString() value!: string;
}

/**
 * A message template as the operator defines it (operator API body, `tessera message-template define`
 * file): the API's field names plus the bodies and `purpose`. What is left out is empty, so a
 * definition replaces the whole template.
 */
export class MessageTemplateDefinitionDto {
  @ApiProperty({ example: 'Login code' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  name!: string;

  @ApiProperty({
    description: "The channel's integer code (1 e-mail, 2 SMS, 4 mobile push, 5 in-app, 9 Viber), its id or its text id (`email`)",
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    example: 1,
  })
  // Either type: the repository resolves it, naming the field when no channel matches.
  @IsDefined()
  communication_channel_id!: number | string;

  @ApiProperty({ description: '1 newsletter, 2 system, 3 transactional', enum: [1, 2, 3], example: 2 })
  @IsDefined()
  @IsInt()
  @IsIn([1, 2, 3])
  message_template_group_id!: number;

  @ApiPropertyOptional({ description: 'May go to a customer who has not consented to the channel', example: false })
  @IsOptional()
  @IsBoolean()
  consent_free_template?: boolean;

  @ApiPropertyOptional({ example: 'Shop <shop@example.com>' }) @IsOptional() @IsString() sender?: string;
  @ApiPropertyOptional({ example: 'Your login code' }) @IsOptional() @IsString() subject?: string;

  @ApiPropertyOptional({ description: '`{{name}}` placeholders are filled when a message is sent', example: 'Your code is {{code}}' })
  @IsOptional()
  @IsString()
  plain_text_body?: string;

  @ApiPropertyOptional({ example: '<p>Your code is <b>{{code}}</b></p>' }) @IsOptional() @IsString() html_body?: string;
  @ApiPropertyOptional({ example: 'https://shop.example.com/preview/login-code' }) @IsOptional() @IsUrl(HTTP_URL) preview_url?: string;
  @ApiPropertyOptional({ example: 'https://shop.example.com/img/icon.png' }) @IsOptional() @IsUrl(HTTP_URL) icon_url?: string;

  @ApiPropertyOptional({ description: "Placeholders' default values; a message's own win", type: [TemplateParameterDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TemplateParameterDto)
  template_data?: TemplateParameterDto[];

  @ApiPropertyOptional({
    description: "Makes it the project's default for this purpose on its channel, in place of the previous one",
    enum: PURPOSES,
    example: 'one_time_password',
  })
  @IsOptional()
  @IsIn(PURPOSES)
  purpose?: TemplatePurpose;
}

export class MessageTemplateDefinitionViewDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) message_template_id!: string;
  @ApiProperty({ example: 'Login code' }) name!: string;
  @ApiProperty({ description: "The channel's integer code", example: 1 }) communication_channel_id!: number;
  @ApiProperty({ example: 2 }) message_template_group_id!: number;
  @ApiProperty({ example: false }) consent_free_template!: boolean;
  @ApiProperty({ example: 'Shop <shop@example.com>' }) sender!: string;
  @ApiProperty({ example: 'Your login code' }) subject!: string;
  @ApiProperty({ example: 'Your code is {{code}}' }) plain_text_body!: string;
  @ApiProperty({ example: '<p>Your code is <b>{{code}}</b></p>' }) html_body!: string;
  @ApiPropertyOptional({ example: 'https://shop.example.com/preview/login-code' }) preview_url?: string;
  @ApiPropertyOptional({ example: 'https://shop.example.com/img/icon.png' }) icon_url?: string;
  @ApiProperty({ type: [TemplateParameterDto] }) template_data!: TemplateParameterDto[];
  @ApiPropertyOptional({ enum: PURPOSES, example: 'one_time_password' }) purpose?: TemplatePurpose;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class MessageTemplateDefinitionListDto {
  @ApiProperty({ type: [MessageTemplateDefinitionViewDto] }) message_templates!: MessageTemplateDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class MessageTemplateDefinitionListResponseDto {
  @ApiProperty({ type: MessageTemplateDefinitionListDto }) data!: MessageTemplateDefinitionListDto;
}

export class MessageTemplateDefinitionResponseDto {
  @ApiProperty({ type: MessageTemplateDefinitionViewDto }) data!: MessageTemplateDefinitionViewDto;
}
