import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsOptional, IsString } from 'class-validator';

export class SendPasswordSetupBodyDto {
  @ApiPropertyOptional({ deprecated: true, description: 'Send the link to this e-mail address (use the channel and recipient instead)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  email?: string;
  @ApiPropertyOptional({ description: 'The e-mail or SMS channel (id, or its code as a string); required without email' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  communication_channel_id?: string;
  @ApiPropertyOptional({
    description: 'An e-mail address or a phone number in international form, as the channel needs; required without email',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  recipient?: string;
}

/** What the password-setup page posts: the link's token and the new password. */
export class RedeemPasswordSetupBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() token!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() password!: string;
}
