import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { MessageParameterDto } from './message.dto';

/** A mailing to send: a template to an audience's members. */
export class MailingInputDto {
  @ApiProperty({ description: 'An active audience that targets one or more segments', example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  audience_id!: string;

  @ApiProperty({
    description: "An active message template for the audience's channel",
    example: '7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f',
  })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  message_template_id!: string;

  @ApiPropertyOptional({
    type: [MessageParameterDto],
    maxItems: 1000,
    description: "Values for the template's placeholders, the same for everyone",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => MessageParameterDto)
  message_data?: MessageParameterDto[];
}

class MailingDeliveryDto {
  @ApiProperty({ description: 'Queued or waiting for another attempt', example: 10 }) waiting!: number;
  @ApiProperty({ example: 1180 }) sent!: number;
  @ApiProperty({ description: 'Every attempt failed', example: 3 }) failed!: number;
  @ApiProperty({ description: 'Refused or bounced by the receiving side', example: 7 }) bounced!: number;
  @ApiProperty({ description: 'E-mails whose tracking pixel was loaded', example: 410 }) opened!: number;
}

/** A mailing and its delivery report. */
export class MailingReportDto {
  @ApiProperty({ example: '0a1b2c3d4e5f60718293a4b5c6d7e8f9' }) mailing_id!: string;
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) audience_id!: string;
  @ApiProperty({ example: '7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f' }) message_template_id!: string;
  @ApiProperty({ description: "The channel's code: 1 e-mail, 2 SMS, 4 mobile push, 5 in-app notification", example: 1 })
  communication_channel_id!: number;
  @ApiProperty({ example: '2026-11-28T04:30:00.000Z' }) created_at!: string;
  @ApiProperty({ description: 'Customers in any of the audience segments when it was sent, each once', example: 1250 })
  member_count!: number;
  @ApiProperty({ description: 'Members who had not consented to the channel', example: 40 }) skipped_without_consent!: number;
  @ApiProperty({ description: 'Consenting members without an e-mail address or phone number', example: 10 })
  skipped_without_contact!: number;
  @ApiProperty({ description: 'Messages the mailing created, one per remaining member', example: 1200 }) queued_count!: number;
  @ApiProperty({ type: MailingDeliveryDto, description: "The mailing's messages by their state now" }) delivery!: MailingDeliveryDto;
}

export class MailingReportResponseDto {
  @ApiProperty({ type: MailingReportDto }) data!: MailingReportDto;
}
