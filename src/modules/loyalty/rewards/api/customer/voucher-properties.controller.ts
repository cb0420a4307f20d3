import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { VoucherPropertiesRoutes } from '../voucher-properties.routes';

@CustomerApi()
@Controller('voucher-properties')
export class CustomerVoucherPropertiesController extends VoucherPropertiesRoutes {}
