import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { VouchersRoutes } from '../vouchers.routes';

@CustomerApi()
@Controller('vouchers')
export class CustomerVouchersController extends VouchersRoutes {}
