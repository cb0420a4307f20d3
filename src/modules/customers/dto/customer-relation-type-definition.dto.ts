import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A customer relation type as the operator defines it (operator API body, `tessera customer-relation-type define` file). */
export class CustomerRelationTypeDefinitionDto {
  @ApiProperty({ example: 'Family account' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
}

export class CustomerRelationTypeDefinitionViewDto extends CustomerRelationTypeDefinitionDto {
  @ApiProperty({ example: '8f7e6d5c4b3a29180f7e6d5c4b3a2918' }) customer_relation_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated, 2 inactive', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CustomerRelationTypeDefinitionListDto {
  @ApiProperty({ type: [CustomerRelationTypeDefinitionViewDto] }) customer_relation_types!: CustomerRelationTypeDefinitionViewDto[];
  @ApiProperty({ example: 2 }) total_items!: number;
}

export class CustomerRelationTypeDefinitionListResponseDto {
  @ApiProperty({ type: CustomerRelationTypeDefinitionListDto }) data!: CustomerRelationTypeDefinitionListDto;
}

export class CustomerRelationTypeDefinitionResponseDto {
  @ApiProperty({ type: CustomerRelationTypeDefinitionViewDto }) data!: CustomerRelationTypeDefinitionViewDto;
}
