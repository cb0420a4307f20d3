import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class HintListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
}

/** A hint as the API shows it (the API's Recommendation). */
export class HintDto {
  @ApiProperty({ readOnly: true }) recommendation_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional() brief_description?: string | null;
  @ApiPropertyOptional() detailed_description?: string | null;
  @ApiPropertyOptional({ description: 'HTML' }) content?: string | null;
  @ApiProperty({ type: [String] }) picture_urls!: string[];
  @ApiPropertyOptional() web_url?: string | null;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2], description: '0 deleted, 1 active, 2 inactive' }) state!: number;
}
