import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';

export const PUBLIC_METADATA = 'tessera:public';
export const REQUIRES_CUSTOMER_METADATA = 'tessera:requires-customer';

/** The handler needs no token. */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_METADATA, true), ApiSecurity({}));

/** Marks the generated document's operation, for its 403 example; the document builder removes the mark. */
export const REQUIRES_CUSTOMER_EXTENSION = 'x-requires-customer';

/** On the Customer interface, the handler works on the logged-in customer's data. */
export const RequiresCustomer = () =>
  applyDecorators(SetMetadata(REQUIRES_CUSTOMER_METADATA, true), ApiExtension(REQUIRES_CUSTOMER_EXTENSION, true));
