import { ApiProperty } from '@nestjs/swagger';
import { PostalAddressOutDto } from '@tessera/http';

export class PartnerDto {
  @ApiProperty() partner_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: PostalAddressOutDto }) address!: PostalAddressOutDto;
  @ApiProperty({ nullable: true, type: String }) registration_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) vat_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) email!: string | null;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class PartnerPropertyRecordDto {
  @ApiProperty() property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiProperty() property_name!: string;
  @ApiProperty({ description: 'Shaped by the property data type' }) property_value!: unknown;
  @ApiProperty() last_change!: string;
}
