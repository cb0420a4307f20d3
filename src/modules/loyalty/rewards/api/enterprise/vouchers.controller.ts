import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { VouchersRoutes } from '../vouchers.routes';

@EnterpriseApi()
@Controller('vouchers')
export class EnterpriseVouchersController extends VouchersRoutes {}
