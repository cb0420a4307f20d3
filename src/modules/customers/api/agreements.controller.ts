import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, dataEnvelope, listEnvelope, Offers, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { AGREEMENT_SORT_FIELDS, CustomerDefinitionService } from '../customer-definition.service';
import { toAgreementDto } from '../customer.mapper';
import { AgreementListQueryDto } from '../dto/customer-records.dto';
import { AgreementListResponseDto, AgreementResponseDto } from '../dto/customer-response.dto';

@ApiResource('agreements')
@ApiTags('Consents')
export class AgreementsController {
  constructor(
    private readonly definitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @ApiOperation({
    summary: 'Consents customers can give or withdraw',
    description:
      'Lists the active agreements (consent definitions such as marketing by email), optionally narrowed by communication_channel_id or text_id; deleted agreements are left out.',
  })
  @ApiOkResponse({ type: AgreementListResponseDto })
  async list(@Query() query: AgreementListQueryDto) {
    const page = await this.definitions.listAgreements(query, toPageRequest(query, AGREEMENT_SORT_FIELDS));
    return listEnvelope('agreements', page, (agreement) => toAgreementDto(agreement, this.config.timeZone));
  }

  @Get(':agreement_id')
  @Offers('both')
  @ApiOperation({
    summary: 'One consent',
    description: 'Returns an active agreement by its id. A deleted agreement answers 404 like one that never existed.',
  })
  @ApiOkResponse({ type: AgreementResponseDto })
  async get(@Param('agreement_id') agreementId: string): Promise<AgreementResponseDto> {
    return dataEnvelope(toAgreementDto(await this.definitions.getAgreement(agreementId), this.config.timeZone));
  }
}
