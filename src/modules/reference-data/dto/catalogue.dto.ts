import { ApiProperty } from '@nestjs/swagger';
import { ListQueryDto } from '@tessera/http';
import { PropertyDto } from './property.dto';

export class PartnerPropertyListDataDto {
  @ApiProperty({ type: () => [PropertyDto] }) partner_properties!: PropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class PartnerPropertyListResponseDto {
  @ApiProperty({ type: () => PartnerPropertyListDataDto }) data!: PartnerPropertyListDataDto;
}

/** The list takes only the paging and sorting parameters. */
export class EngagementSetupListQueryDto extends ListQueryDto {}

export class CustomerEngagementSetupDto {
  @ApiProperty() setup_id!: string;
  @ApiProperty({ description: 'The setup as serialized JSON', example: '{"sites":["shop.example.test"]}' }) setup!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class CustomerEngagementSetupListDataDto {
  @ApiProperty({ type: () => [CustomerEngagementSetupDto] }) customer_engagement_setups!: CustomerEngagementSetupDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerEngagementSetupListResponseDto {
  @ApiProperty({ type: () => CustomerEngagementSetupListDataDto }) data!: CustomerEngagementSetupListDataDto;
}

export class CustomerEngagementSetupResponseDto {
  @ApiProperty({ type: () => CustomerEngagementSetupDto }) data!: CustomerEngagementSetupDto;
}
