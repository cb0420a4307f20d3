import { Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrencyListResponseDto, CurrencyResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { CURRENCY_SORT_FIELDS, CurrencyService } from '../currency.service';
import { CurrencyListQueryDto } from '../dto/reference-data.dto';
import { toCurrencyDto } from '../reference-data.mapper';

@ApiResource('currencies')
@ApiTags('Currencies')
export class CurrenciesController {
  constructor(private readonly currencies: CurrencyService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Currencies by ISO 4217',
    description: 'Lists currencies by their ISO 4217 code.',
  })
  @ApiOkResponse({ type: CurrencyListResponseDto })
  async list(@Query() query: CurrencyListQueryDto) {
    return listEnvelope('currencies', await this.currencies.list(query, toPageRequest(query, CURRENCY_SORT_FIELDS)), toCurrencyDto);
  }

  @Get(':currency_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One currency',
    description: 'Reads one currency by its id.',
  })
  @ApiOkResponse({ type: CurrencyResponseDto })
  async get(@Param('currency_id') currencyId: string): Promise<CurrencyResponseDto> {
    return dataEnvelope(toCurrencyDto(await this.currencies.get(currencyId)));
  }
}
