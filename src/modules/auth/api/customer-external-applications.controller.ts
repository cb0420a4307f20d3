import { Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResource, Offers, Public, dataEnvelope, listEnvelope, toPageRequest } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { toExternalApplicationDto } from '../auth.mapper';
import {
  ExternalApplicationListQueryDto,
  ExternalApplicationListResponseDto,
  ExternalApplicationResponseDto,
} from '../dto/external-application.dto';
import { EXTERNAL_APPLICATION_SORT_FIELDS, ExternalApplicationService } from '../external-application.service';

/**
 * The Customer-interface applications, which clients name before they have a token: no token needed,
 * and a token sent along is not looked at.
 */
@ApiResource('customer-external-applications')
@ApiTags('Customer external applications')
export class CustomerExternalApplicationsController {
  constructor(
    private readonly applications: ExternalApplicationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'Applications registered for the Customer interface',
    description:
      'Lists the applications registered for the Customer interface, in every state, optionally narrowed to the given text ids. Needs no token, and a token sent along is ignored.',
  })
  @ApiOkResponse({ type: ExternalApplicationListResponseDto })
  async list(@Query() query: ExternalApplicationListQueryDto) {
    const textIds = [...(query.text_id ?? []), ...(query.text_id_brackets ?? [])];
    const page = await this.applications.listCustomerApplications({ textIds }, toPageRequest(query, EXTERNAL_APPLICATION_SORT_FIELDS));
    return listEnvelope('customer_external_applications', page, (application) =>
      toExternalApplicationDto(application, this.config.timeZone),
    );
  }

  @Get(':customer_external_application_id')
  @Offers('both')
  @Public()
  @ApiOperation({
    summary: 'One Customer-interface application',
    description:
      'Returns a Customer-interface application by its id; an id that is unknown or belongs to an Enterprise-interface application answers 404. Needs no token.',
  })
  @ApiOkResponse({ type: ExternalApplicationResponseDto })
  async get(@Param('customer_external_application_id') applicationId: string): Promise<ExternalApplicationResponseDto> {
    return dataEnvelope(toExternalApplicationDto(await this.applications.getCustomerApplication(applicationId), this.config.timeZone));
  }
}
