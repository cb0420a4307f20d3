import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { VoucherPropertiesRoutes } from '../voucher-properties.routes';

@EnterpriseApi()
@Controller('voucher-properties')
export class EnterpriseVoucherPropertiesController extends VoucherPropertiesRoutes {}
