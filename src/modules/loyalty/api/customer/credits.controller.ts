import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CreditsRoutes } from '../credits.routes';

@CustomerApi()
@Controller('credits')
export class CustomerCreditsController extends CreditsRoutes {}
