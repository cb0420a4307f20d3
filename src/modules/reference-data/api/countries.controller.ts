import { Get, Headers, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CountryListResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, listEnvelope, toPageRequest } from '@tessera/http';
import { COUNTRY_SORT_FIELDS, CountryService } from '../country.service';
import { CountryListQueryDto } from '../dto/reference-data.dto';
import { toCountryDto } from '../reference-data.mapper';

@ApiResource('countries')
@ApiTags('Countries')
export class CountriesController {
  constructor(private readonly countries: CountryService) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Countries, named in the language the caller accepts',
    description: 'Lists countries by ISO code, with names in the language the Accept-Language header asks for.',
  })
  @ApiOkResponse({ type: CountryListResponseDto })
  async list(@Query() query: CountryListQueryDto, @Headers('accept-language') acceptLanguage?: string) {
    return listEnvelope(
      'countries',
      await this.countries.list(query, toPageRequest(query, COUNTRY_SORT_FIELDS), acceptLanguage),
      toCountryDto,
    );
  }
}
