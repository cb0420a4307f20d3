import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';

export const PUBLIC_METADATA = 'tessera:public';
export const REQUIRES_CUSTOMER_METADATA = 'tessera:requires-customer';

/** The handler needs no token. */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_METADATA, true), ApiSecurity({}));

/** On the Customer interface, the handler works on the logged-in customer's data. */
export const RequiresCustomer = () => SetMetadata(REQUIRES_CUSTOMER_METADATA, true);
