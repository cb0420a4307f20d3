import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ListQueryDto } from '@tessera/http';
import { IsOptional, IsString } from 'class-validator';

export class TagListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name in any language' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class TagDto {
  @ApiProperty() tag_id!: string;
  @ApiPropertyOptional({ description: 'In the language negotiated from Accept-Language' }) name?: string;
  @ApiProperty() text_id!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
  @ApiProperty() last_change!: string;
}
