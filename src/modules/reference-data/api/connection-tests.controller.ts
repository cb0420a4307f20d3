import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ConnectionTestResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, Public, dataEnvelope } from '@tessera/http';
import { ConnectionTestQueryDto } from '../dto/reference-data.dto';

@ApiResource('tests')
@ApiTags('Tests')
export class ConnectionTestsController {
  @Get('connection')
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'Check the server answers: the string comes back reversed',
    description: 'Echoes the given string reversed, to check that the server is reachable and the token accepted. Changes nothing.',
  })
  @ApiOkResponse({ type: ConnectionTestResponseDto })
  connection(@Query() query: ConnectionTestQueryDto): ConnectionTestResponseDto {
    return dataEnvelope({ test_string: [...(query.test_string ?? '')].reverse().join('') });
  }
}
