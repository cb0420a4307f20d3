import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ApiInterface } from '@tessera/http';

/** An external application as the operator defines it (operator API body, `tessera app define` file). */
export class ApplicationDefinitionDto {
  @ApiProperty({ example: 'Cash desk' })
  @IsDefined()
  @IsString()
  @Matches(/\S/, { message: 'name needs more than spaces' })
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({
    description:
      "The key it is named by: 1 to 64 letters, digits, _, . or -. Left out, the application's id when created, unchanged when changed",
    example: 'cash_desk',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9_.-]{1,64}$/, { message: 'text_id has 1 to 64 letters, digits, _, . or -' })
  text_id?: string;

  @ApiPropertyOptional({
    description: 'The interface it calls, fixed once created; customer when left out',
    enum: Object.values(ApiInterface),
    example: 'enterprise',
  })
  @IsOptional()
  @IsIn(Object.values(ApiInterface))
  interface?: ApiInterface;
}

export class ApplicationDefinitionViewDto extends ApplicationDefinitionDto {
  @ApiProperty({ example: 'cash_desk' }) declare text_id: string;
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) external_application_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated (its tokens are refused)', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class ApplicationDefinitionListDto {
  @ApiProperty({ type: [ApplicationDefinitionViewDto] }) applications!: ApplicationDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class ApplicationDefinitionListResponseDto {
  @ApiProperty({ type: ApplicationDefinitionListDto }) data!: ApplicationDefinitionListDto;
}

export class ApplicationDefinitionResponseDto {
  @ApiProperty({ type: ApplicationDefinitionViewDto }) data!: ApplicationDefinitionViewDto;
}

/** What the operator grants and revokes: operation keys (`POST /stores`) or group names (`reads`). */
export class ApplicationPermissionChangeDto {
  @ApiPropertyOptional({ description: 'Operations or groups to permit', example: ['POST /stores', 'reads'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  grant?: string[];

  @ApiPropertyOptional({ description: 'Operations or groups to refuse', example: ['sessions'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  revoke?: string[];
}

/** The operations of its interface an application may call, and how they differ from the defaults. */
export class ApplicationPermissionsDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) external_application_id!: string;
  @ApiProperty({ enum: Object.values(ApiInterface), example: 'enterprise' }) interface!: ApiInterface;
  @ApiProperty({ example: ['GET /stores', 'POST /stores'] }) permitted!: string[];
  @ApiProperty({ description: 'Permitted beyond the defaults', example: ['POST /stores'] }) granted!: string[];
  @ApiProperty({ description: 'Refused though the defaults permit them', example: [] }) revoked!: string[];
}

export class ApplicationPermissionsResponseDto {
  @ApiProperty({ type: ApplicationPermissionsDto }) data!: ApplicationPermissionsDto;
}
