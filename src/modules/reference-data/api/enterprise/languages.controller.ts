import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { LanguagesRoutes } from '../reference-data.routes';

@EnterpriseApi()
@Controller('languages')
export class EnterpriseLanguagesController extends LanguagesRoutes {}
