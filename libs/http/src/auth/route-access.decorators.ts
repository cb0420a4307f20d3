import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';
import { ApiInterface } from '../routing/api-interface';

export const INTERFACE_METADATA = 'tessera:interface';
export const PUBLIC_METADATA = 'tessera:public';
export const REQUIRES_CUSTOMER_METADATA = 'tessera:requires-customer';

/** Marks a controller as part of the Enterprise interface: callers authenticate as API users. */
export const EnterpriseApi = () =>
  applyDecorators(SetMetadata(INTERFACE_METADATA, ApiInterface.Enterprise), ApiBearerAuth());

/** Marks a controller as part of the Customer interface: callers authenticate with a device token. */
export const CustomerApi = () => applyDecorators(SetMetadata(INTERFACE_METADATA, ApiInterface.Customer), ApiBearerAuth());

/** The handler needs no token. */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_METADATA, true), ApiSecurity({}));

/** On the Customer interface, the handler works on the logged-in customer's data. */
export const RequiresCustomer = () => SetMetadata(REQUIRES_CUSTOMER_METADATA, true);
