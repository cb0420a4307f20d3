import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, Matches } from 'class-validator';
import { IsLanguageTexts } from '@tessera/http';

/** A tag as the operator defines it (operator API body, `tessera tag define` file). */
export class TagDefinitionDto {
  @ApiProperty({ description: 'The key products and rewards name it by', example: 'organic' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id!: string;

  @ApiProperty({ description: 'The name by language code', example: { en: 'Organic', cs: 'Bio' } })
  @IsDefined()
  @IsLanguageTexts()
  names!: Record<string, string>;
}

export class TagDefinitionViewDto extends TagDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) tag_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class TagDefinitionListDto {
  @ApiProperty({ type: [TagDefinitionViewDto] }) tags!: TagDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class TagDefinitionListResponseDto {
  @ApiProperty({ type: TagDefinitionListDto }) data!: TagDefinitionListDto;
}

export class TagDefinitionResponseDto {
  @ApiProperty({ type: TagDefinitionViewDto }) data!: TagDefinitionViewDto;
}
