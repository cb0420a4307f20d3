import { Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LanguageListResponseDto } from '../dto/reference-data-response.dto';
import { ApiResource, Offers, Public, listEnvelope } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { LanguageListQueryDto } from '../dto/reference-data.dto';
import { LanguageService } from '../language.service';
import { toLanguageDto } from '../reference-data.mapper';

@ApiResource('languages')
@ApiTags('Languages')
export class LanguagesController {
  constructor(
    private readonly languages: LanguageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'Languages offered for a purpose',
    description:
      'Lists the languages offered for one purpose (language_list_type, the API itself unless given), unpaged. With default_language=true only the installation default language is returned, if it belongs to that list. Needs no token.',
  })
  @ApiOkResponse({ type: LanguageListResponseDto })
  async list(@Query() query: LanguageListQueryDto) {
    const items = await this.languages.list(query);
    return listEnvelope('languages', { items, total: items.length }, (language) => toLanguageDto(language, this.config.timeZone));
  }
}
