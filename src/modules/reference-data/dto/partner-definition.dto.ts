import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsEmail, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { PostalAddressDto } from '@tessera/http';

/** A partner as the operator defines it (operator API body, `tessera partner define` file). */
export class PartnerDefinitionDto {
  @ApiProperty({ example: 'Coffee Roasters Ltd.' }) @IsDefined() @IsString() @IsNotEmpty() name!: string;

  @ApiPropertyOptional({ type: PostalAddressDto, example: { address1: 'Dlouhá 5', city: 'Brno', zip: '60200', country_code: 'cz' } })
  @IsOptional()
  @ValidateNested()
  @Type(() => PostalAddressDto)
  address?: PostalAddressDto | null;

  @ApiPropertyOptional({ example: '27082440' }) @IsOptional() @IsString() registration_id?: string | null;
  @ApiPropertyOptional({ example: 'CZ27082440' }) @IsOptional() @IsString() vat_id?: string | null;
  @ApiPropertyOptional({ example: 'office@example.com' }) @IsOptional() @IsEmail() email?: string | null;
  @ApiPropertyOptional({ example: '+420 777 123 456' }) @IsOptional() @IsString() phone?: string | null;
}

export class PartnerDefinitionViewDto extends PartnerDefinitionDto {
  @ApiProperty({ example: '5b2d4e6f8a0b1c2d3e4f5a6b3f9a1c7e' }) partner_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class PartnerDefinitionListDto {
  @ApiProperty({ type: [PartnerDefinitionViewDto] }) partners!: PartnerDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class PartnerDefinitionListResponseDto {
  @ApiProperty({ type: PartnerDefinitionListDto }) data!: PartnerDefinitionListDto;
}

export class PartnerDefinitionResponseDto {
  @ApiProperty({ type: PartnerDefinitionViewDto }) data!: PartnerDefinitionViewDto;
}
