import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A customer address type as the operator defines it (operator API body, `tessera customer-address-type define` file). */
export class CustomerAddressTypeDefinitionDto {
  @ApiProperty({ example: 'Delivery' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class CustomerAddressTypeDefinitionViewDto extends CustomerAddressTypeDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) address_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CustomerAddressTypeDefinitionListDto {
  @ApiProperty({ type: [CustomerAddressTypeDefinitionViewDto] }) customer_address_types!: CustomerAddressTypeDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class CustomerAddressTypeDefinitionListResponseDto {
  @ApiProperty({ type: CustomerAddressTypeDefinitionListDto }) data!: CustomerAddressTypeDefinitionListDto;
}

export class CustomerAddressTypeDefinitionResponseDto {
  @ApiProperty({ type: CustomerAddressTypeDefinitionViewDto }) data!: CustomerAddressTypeDefinitionViewDto;
}
