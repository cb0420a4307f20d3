import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class AudienceListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional({ description: 'A communication channel id, or its numeric code written as a string' })
  @IsOptional()
  @IsString()
  communication_channel_id?: string;
}

export class AudienceDto {
  @ApiProperty({ readOnly: true }) audience_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() communication_channel_id!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 deleted, 1 active' }) state!: number;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
}

export class AudienceListDataDto {
  @ApiProperty({ type: () => [AudienceDto] }) audiences!: AudienceDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class AudienceListResponseDto {
  @ApiProperty({ type: () => AudienceListDataDto }) data!: AudienceListDataDto;
}

export class AudienceResponseDto {
  @ApiProperty({ type: () => AudienceDto }) data!: AudienceDto;
}
