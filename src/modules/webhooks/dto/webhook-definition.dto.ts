import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** A webhook subscription as the operator defines it (operator API body, `tessera webhook define` file). */
export class WebhookDefinitionDto {
  @ApiProperty({
    description: 'Where events are sent: http or https, not an internal address unless allowed',
    example: 'https://crm.example.com/hooks',
  })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  url!: string;

  @ApiPropertyOptional({ description: 'Event type text ids it receives; none, every type', example: ['purchase', 'customer_updated'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  event_types?: string[];
}

/** The view never holds a secret: only whether one is set and until when the previous one still signs. */
export class WebhookDefinitionViewDto extends WebhookDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) webhook_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated by the operator, 2 disabled after failing', enum: [0, 1, 2], example: 1 })
  state!: number;
  @ApiProperty({ description: 'Why it was disabled', nullable: true, example: null }) disabled_reason!: string | null;
  @ApiProperty({ description: 'Failing since, while deliveries fail', nullable: true, example: null }) failing_since!: string | null;
  @ApiProperty({ description: 'Whether a signing secret is set (the secret itself is shown once only)', example: true })
  secret_set!: boolean;
  @ApiProperty({ description: 'The previous secret also signs until then, after a rotation', nullable: true, example: null })
  previous_secret_until!: string | null;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) created_at!: string;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

/** Creating a webhook or rotating its secret answers the secret, this once. */
export class WebhookWithSecretDto extends WebhookDefinitionViewDto {
  @ApiProperty({ description: 'The signing secret, shown only in this answer', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret!: string;
}

export class WebhookReplayDto {
  @ApiPropertyOptional({
    description: "Events recorded since then (project's time zone, or ISO 8601); left out, all",
    example: '2026-11-01 00:00:00',
  })
  @IsOptional()
  @IsString()
  since?: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ example: '9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f' }) event_id!: string;
  @ApiProperty({ example: 'purchase' }) event_type!: string;
  @ApiProperty({ description: '0 pending, 1 delivered, 2 failed', enum: [0, 1, 2], example: 1 }) status!: number;
  @ApiProperty({ example: 1 }) attempts!: number;
  @ApiProperty({ nullable: true, example: 200 }) last_status_code!: number | null;
  @ApiProperty({ nullable: true, example: null }) last_error!: string | null;
  @ApiProperty({ nullable: true, example: '2026-11-27T16:30:00.000Z' }) delivered_at!: string | null;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) next_attempt_at!: string;
}

class WebhookDefinitionListDto {
  @ApiProperty({ type: [WebhookDefinitionViewDto] }) webhooks!: WebhookDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class WebhookDefinitionListResponseDto {
  @ApiProperty({ type: WebhookDefinitionListDto }) data!: WebhookDefinitionListDto;
}

export class WebhookDefinitionResponseDto {
  @ApiProperty({ type: WebhookDefinitionViewDto }) data!: WebhookDefinitionViewDto;
}

export class WebhookWithSecretResponseDto {
  @ApiProperty({ type: WebhookWithSecretDto }) data!: WebhookWithSecretDto;
}

class WebhookReplayResultDto {
  @ApiProperty({ type: WebhookDefinitionViewDto }) webhook!: WebhookDefinitionViewDto;
  @ApiProperty({ description: 'Deliveries queued', example: 12 }) queued!: number;
}

export class WebhookReplayResponseDto {
  @ApiProperty({ type: WebhookReplayResultDto }) data!: WebhookReplayResultDto;
}

export class WebhookDeliveriesResponseDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) data!: WebhookDeliveryDto[];
}
