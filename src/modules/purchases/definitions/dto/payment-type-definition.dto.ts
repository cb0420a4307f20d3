import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A payment type as the operator defines it (operator API body, `tessera payment-type define` file). */
export class PaymentTypeDefinitionDto {
  @ApiProperty({ example: 'Google Pay' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiProperty({ description: 'Purchases paid so collect points', example: true }) @IsDefined() @IsBoolean() collects_points!: boolean;
  @ApiProperty({ description: 'Overall discounts apply to purchases paid so', example: false })
  @IsDefined()
  @IsBoolean()
  overall_discounts!: boolean;
  @ApiProperty({ description: 'Paid with credits', example: false }) @IsDefined() @IsBoolean() pays_by_credits!: boolean;
}

export class PaymentTypeDefinitionViewDto extends PaymentTypeDefinitionDto {
  @ApiProperty({ description: "S, A, C and D are built in; the operator's get a hex id", example: '81eaeea13b8984a169c490a325' })
  payment_type_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class PaymentTypeDefinitionListDto {
  @ApiProperty({ type: [PaymentTypeDefinitionViewDto] }) payment_types!: PaymentTypeDefinitionViewDto[];
  @ApiProperty({ example: 5 }) total_items!: number;
}

export class PaymentTypeDefinitionListResponseDto {
  @ApiProperty({ type: PaymentTypeDefinitionListDto }) data!: PaymentTypeDefinitionListDto;
}

export class PaymentTypeDefinitionResponseDto {
  @ApiProperty({ type: PaymentTypeDefinitionViewDto }) data!: PaymentTypeDefinitionViewDto;
}
