import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CreditTypesRoutes } from '../credit-types.routes';

@EnterpriseApi()
@Controller('credit-types')
export class EnterpriseCreditTypesController extends CreditTypesRoutes {}
