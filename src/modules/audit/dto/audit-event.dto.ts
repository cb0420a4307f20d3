import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class AuditEventListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Only writes to this kind of record', example: 'reward' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  target_type?: string;

  @ApiPropertyOptional({ description: 'Only writes to this record', example: '9f2c4e0b8a1d4c7e9b3a5f6d2e1c0b9a' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  target_id?: string;

  @ApiPropertyOptional({ description: 'Only writes by this API user', example: '4c1d7e2a9b3f4e8d8a6c5b2e1f0d9c8b' })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  user_id?: string;

  @ApiPropertyOptional({ description: 'Writes at or after this instant (ISO 8601)', example: '2026-11-01T00:00:00Z' })
  @IsOptional()
  @IsDateString({ strict: true })
  from?: string;

  @ApiPropertyOptional({ description: 'Writes before this instant (ISO 8601)', example: '2026-12-01T00:00:00Z' })
  @IsOptional()
  @IsDateString({ strict: true })
  to?: string;
}

export class AuditEventDto {
  @ApiProperty({ example: '1042' }) audit_event_id!: string;
  @ApiProperty({ example: '2026-11-27T16:20:00.000Z' }) occurred_at!: string;
  @ApiProperty({ enum: ['operator_api', 'console', 'cli'], example: 'console' }) channel!: string;
  @ApiPropertyOptional({ example: '4c1d7e2a9b3f4e8d8a6c5b2e1f0d9c8b' }) user_id?: string;
  @ApiProperty({ description: 'The API user login, or for the CLI the OS user and host', example: 'marta' }) actor!: string;
  @ApiProperty({ example: 'PUT /rewards/{reward_key}' }) operation!: string;
  @ApiProperty({ example: 'reward' }) target_type!: string;
  @ApiPropertyOptional({ example: '9f2c4e0b8a1d4c7e9b3a5f6d2e1c0b9a' }) target_id?: string;
  @ApiPropertyOptional({ example: 'Goodwill after a late delivery' }) reason?: string;
  @ApiPropertyOptional({ description: 'The record before the write', type: 'object', additionalProperties: true, example: { state: 1 } })
  before?: unknown;
  @ApiPropertyOptional({ description: 'The record after the write', type: 'object', additionalProperties: true, example: { state: 0 } })
  after?: unknown;
}

class AuditEventListDto {
  @ApiProperty({ type: [AuditEventDto] }) audit_events!: AuditEventDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class AuditEventListResponseDto {
  @ApiProperty({ type: AuditEventListDto }) data!: AuditEventListDto;
}

export class AuditEventResponseDto {
  @ApiProperty({ type: AuditEventDto }) data!: AuditEventDto;
}
