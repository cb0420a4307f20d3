import { Injectable } from '@nestjs/common';
import { Actor, ApiInterface, CommonException, DeviceActor, InvalidReason } from '../../../../libs/http/src';
import { ApiUserService } from '../../auth/api-user.service';
import { AuthException } from '../../auth/auth.exceptions';
import { AuthTokenType, CustomerAuthTokenService, IssuedAuthToken } from '../../auth/customer-auth-token.service';
import { DeviceTokenService } from '../../auth/device-token.service';
import { ExternalApplicationService } from '../../auth/external-application.service';
import { CardLookupService } from '../../loyalty/card-lookup.service';
import { PartnerService } from '../../reference-data/partner.service';
import { StoreService } from '../../reference-data/store.service';
import { CustomerAccountService } from '../customer-account.service';
import { CustomerPartnerService } from '../customer-partner.service';
import { CustomerPushService, PushRegistrationInput } from '../customer-push.service';
import { CustomerCreateInput, CustomerService, NewsletterSignUpInput } from '../customer.service';

/**
 * Customer operations that also need the auth or loyalty contexts. Those contexts depend on this
 * one (customer login), so the composition lives here in the API layer rather than in the services.
 */
@Injectable()
export class CustomerGatewayService {
  constructor(
    private readonly customers: CustomerService,
    private readonly accounts: CustomerAccountService,
    private readonly customerPartners: CustomerPartnerService,
    private readonly push: CustomerPushService,
    private readonly partners: PartnerService,
    private readonly stores: StoreService,
    private readonly apiUsers: ApiUserService,
    private readonly applications: ExternalApplicationService,
    private readonly authTokens: CustomerAuthTokenService,
    private readonly deviceTokens: DeviceTokenService,
    private readonly cards: CardLookupService,
  ) {}

  /**
   * Registers a customer related to the caller's partners. On the Customer interface `autologin`
   * then logs the new customer in on the calling device token; the Enterprise interface keeps no
   * customer sessions, so there it only makes the password mandatory.
   */
  async create(actor: Actor, input: CustomerCreateInput): Promise<string> {
    const customerId = await this.customers.create(input, await this.partnerScope(actor), actor.interface);
    if (actor.kind === 'device' && input.autologin) await this.logIn(actor, customerId);
    return customerId;
  }

  async verifyCredentials(loginType: 'card' | 'email', loginValue: string, password: string): Promise<string> {
    if (loginType === 'email') return this.customers.verifyCredentials('email', loginValue, password);
    return this.customers.verifyCredentials('id', await this.cards.findActiveCardOwner(loginValue), password);
  }

  async search(query: { first_name?: string; last_name?: string; birthdate?: string; card_number?: string; mode?: 'strict' | 'none' }): Promise<string[]> {
    const cardOwnerId = query.card_number === undefined ? undefined : await this.cards.findActiveCardOwner(query.card_number);
    return this.customers.search(
      { first_name: query.first_name, last_name: query.last_name, birthdate: query.birthdate, card_owner_id: cardOwnerId },
      query.mode === 'strict',
    );
  }

  async issueAuthToken(actor: Actor, customerId: string, targetApplicationId: string, type: AuthTokenType): Promise<IssuedAuthToken> {
    await this.accounts.requireCustomer(customerId, { field: 'customer_id' });
    return this.authTokens.issue(customerId, actor.applicationId, targetApplicationId, type);
  }

  verifyAuthToken(applicationId: string, token: string, tokenRequestId: string): Promise<string> {
    return this.authTokens.redeem(applicationId, token, tokenRequestId);
  }

  async setPartners(actor: Actor, customerId: string, partnerIds: string[]): Promise<void> {
    await this.customerPartners.set(customerId, partnerIds, await this.partnerScope(actor));
  }

  async signUpForNewsletter(actor: Actor, input: NewsletterSignUpInput): Promise<void> {
    await this.customers.signUpForNewsletter(input, await this.partnerScope(actor));
  }

  async registerPush(input: PushRegistrationInput): Promise<void> {
    await this.requireCustomerApplication(input.external_application_id);
    await this.push.register(input);
  }

  async cancelPush(customerId: string, applicationId: string, pushToken: string | undefined): Promise<void> {
    await this.requireCustomerApplication(applicationId);
    await this.push.cancel(customerId, applicationId, pushToken);
  }

  /**
   * The partners the caller acts for: an API user bound to a store acts for that store's partner,
   * any other caller for every active partner.
   */
  private async partnerScope(actor: Actor): Promise<string[]> {
    if (actor.kind === 'api_user') {
      const user = await this.apiUsers.get(actor.userId);
      if (user.storeId) return [(await this.stores.get(user.storeId)).partnerId];
    }
    return this.partners.activePartnerIds();
  }

  /**
   * Binds the customer to the caller's device token through a single-use token of the caller's own
   * application: the public way the auth context offers to log a known customer in.
   */
  private async logIn(actor: DeviceActor, customerId: string): Promise<void> {
    const issued = await this.authTokens.issue(customerId, actor.applicationId, actor.applicationId, AuthTokenType.Alphanumeric);
    await this.deviceTokens.loginWithAuthToken(actor, actor.tokenId, actor.applicationId, issued.authenticationToken, issued.tokenRequestId);
  }

  private async requireCustomerApplication(applicationId: string): Promise<void> {
    try {
      await this.applications.requireActive(applicationId, ApiInterface.Customer);
    } catch (error) {
      if (error instanceof AuthException) {
        throw CommonException.invalid('external_application_id', InvalidReason.NotFound, 'No active customer-interface application has this id', applicationId);
      }
      throw error;
    }
  }
}

