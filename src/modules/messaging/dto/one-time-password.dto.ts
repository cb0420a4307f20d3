import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { MESSAGE_CHANNEL_CODES } from '../message.service';

export class SendOtpBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_application_id!: string;
  @ApiProperty({ type: 'integer', enum: MESSAGE_CHANNEL_CODES, description: '1 e-mail, 2 SMS, 4 mobile push, 5 in-app notification' })
  @IsDefined()
  @IsInt()
  @IsIn(MESSAGE_CHANNEL_CODES)
  communication_channel_id!: number;
  @ApiProperty({ description: 'An e-mail address (1), a phone number in international form (2), or a customer id (4, 5)' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  recipient!: string;
  @ApiPropertyOptional({ type: 'integer', enum: [1, 2], default: 1, description: '1 letters and digits, 2 digits only' })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2])
  otp_type?: 1 | 2;
  @ApiPropertyOptional({ description: "The project's default one-time-password template of the channel when left out" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  message_template_id?: string;
}

export class VerifyOtpBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() verification_code!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() request_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_application_id!: string;
}

export class OtpRequestIdDto {
  @ApiProperty({ description: 'Names the code when it is verified' }) request_id!: string;
}

export class OtpRequestIdResponseDto {
  @ApiProperty({ type: () => OtpRequestIdDto }) data!: OtpRequestIdDto;
}

export class OtpVerificationDto {
  @ApiProperty() is_valid!: boolean;
}

export class OtpVerificationResponseDto {
  @ApiProperty({ type: () => OtpVerificationDto }) data!: OtpVerificationDto;
}
