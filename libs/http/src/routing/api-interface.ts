export enum ApiInterface {
  Enterprise = 'enterprise',
  Customer = 'customer',
}

export const API_VERSION = 'v1.0';

export const INTERFACE_BASE_PATHS: Record<ApiInterface, string> = {
  [ApiInterface.Enterprise]: `webservice/rest-api/enterprise-interface/${API_VERSION}`,
  [ApiInterface.Customer]: `webservice/rest-api/customer-interface/${API_VERSION}`,
};

export const INTERFACE_DISPLAY_NAMES = {
  [ApiInterface.Enterprise]: 'Enterprise',
  [ApiInterface.Customer]: 'Customer',
} as const;
