import { ApiInterface } from '../routing/api-interface';

/** An API user authenticated on the Enterprise interface with a bearer token. */
export interface ApiUserActor {
  kind: 'api_user';
  interface: ApiInterface.Enterprise;
  userId: string;
  applicationId: string;
  sessionId: string;
  /** The store the API user is bound to, read at authentication; it decides the partners the user acts for. */
  storeId: string | null;
}

/** A device token on the Customer interface, optionally with a logged-in customer. */
export interface DeviceActor {
  kind: 'device';
  interface: ApiInterface.Customer;
  /** The bearer secret the caller sent. */
  tokenId: string;
  /** The stored record of that token. */
  deviceTokenId: string;
  applicationId: string;
  customerId: string | null;
}

export type Actor = ApiUserActor | DeviceActor;

/** A device actor for which a customer is known to be logged in. */
export type CustomerActor = DeviceActor & { customerId: string };
