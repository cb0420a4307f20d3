import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { InvalidParamDto } from '../batch/batch.dto';

// The shapes of the error bodies ApiError sends, for the generated API documents. The filter keeps
// sending plain ErrorBody objects; these classes only describe them.

export class BasicErrorDto {
  @ApiProperty({ example: 'about:blank', description: 'about:blank, or the exception code for a 403' })
  type!: string;

  @ApiProperty({ example: 'not_found_exception', description: 'Machine-readable kind of the error' })
  exception!: string;

  @ApiProperty({ example: 'Not found' })
  title!: string;

  @ApiProperty({ description: 'What went wrong, for people' })
  detail!: string;
}

export class InvalidParamsErrorDataDto {
  @ApiProperty({ type: () => InvalidParamDto, isArray: true })
  invalid_params!: InvalidParamDto[];
}

export class BadRequestErrorDataDto extends InvalidParamsErrorDataDto {
  @ApiPropertyOptional({ description: 'The field at fault (missing_argument_exception, invalid_argument_exception)' })
  parameter?: string;

  @ApiPropertyOptional({ description: 'The object the missing field belongs to (missing_argument_exception)' })
  object_of_parameter?: string;

  @ApiPropertyOptional({ example: 'string', description: 'The JSON type the field must have (invalid_argument_exception)' })
  expected_type?: string;

  @ApiPropertyOptional({ example: 'null', description: 'The JSON type that was sent (invalid_argument_exception)' })
  actual_type?: string;
}

export class BadRequestErrorDto extends BasicErrorDto {
  @ApiProperty({ type: () => BadRequestErrorDataDto })
  error_data!: BadRequestErrorDataDto;
}

export class BadRequestErrorResponseDto {
  @ApiProperty({ type: () => BadRequestErrorDto })
  error!: BadRequestErrorDto;
}

export class UnauthorizedErrorDto extends BasicErrorDto {
  @ApiProperty({ type: 'object', properties: {}, description: 'Empty' })
  error_data!: Record<string, never>;
}

export class UnauthorizedErrorResponseDto {
  @ApiProperty({ type: () => UnauthorizedErrorDto })
  error!: UnauthorizedErrorDto;
}

export class ForbiddenErrorDataDto {
  @ApiPropertyOptional({ example: 'tokens', description: 'interface_not_allowed_exception: the resource asked for' })
  invalid_resource_name?: string;

  @ApiPropertyOptional({ example: 'Enterprise', description: 'interface_not_allowed_exception: the interface that refused it' })
  interface?: string;
}

export class ForbiddenErrorDto extends BasicErrorDto {
  @ApiProperty({ type: () => ForbiddenErrorDataDto, description: 'Fields that depend on the exception' })
  error_data!: ForbiddenErrorDataDto;
}

export class ForbiddenErrorResponseDto {
  @ApiProperty({ type: () => ForbiddenErrorDto })
  error!: ForbiddenErrorDto;
}

export class NotFoundErrorDataDto {
  @ApiProperty({ example: 'stores' })
  resource_name!: string;

  @ApiProperty({ description: 'Empty when the path itself names nothing the API has' })
  resource_id!: string;
}

export class NotFoundErrorDto extends BasicErrorDto {
  @ApiProperty({ type: () => NotFoundErrorDataDto })
  error_data!: NotFoundErrorDataDto;
}

export class NotFoundErrorResponseDto {
  @ApiProperty({ type: () => NotFoundErrorDto })
  error!: NotFoundErrorDto;
}

export class MethodNotAllowedErrorDataDto {
  @ApiProperty({ example: 'DELETE' })
  http_method!: string;
}

export class MethodNotAllowedErrorDto extends BasicErrorDto {
  @ApiProperty({ type: () => MethodNotAllowedErrorDataDto })
  error_data!: MethodNotAllowedErrorDataDto;
}

export class MethodNotAllowedErrorResponseDto {
  @ApiProperty({ type: () => MethodNotAllowedErrorDto })
  error!: MethodNotAllowedErrorDto;
}

/** 408 and 413: a basic error that also names the body among `invalid_params`. */
export class InvalidParamsErrorDto extends BasicErrorDto {
  @ApiProperty({ type: () => InvalidParamsErrorDataDto })
  error_data!: InvalidParamsErrorDataDto;
}

export class InvalidParamsErrorResponseDto {
  @ApiProperty({ type: () => InvalidParamsErrorDto })
  error!: InvalidParamsErrorDto;
}

/** 429 and 500: no `error_data`. */
export class BasicErrorResponseDto {
  @ApiProperty({ type: () => BasicErrorDto })
  error!: BasicErrorDto;
}
