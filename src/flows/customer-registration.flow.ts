import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Actor } from '@tessera/http';
import { DeviceTokenService } from '../modules/auth';
import { CustomerCreateInput, CustomerService } from '../modules/customers';
import { CallerPartnersService } from '../modules/reference-data';

/**
 * Registration of a customer (customers) related to the partners the caller acts for (reference data), and on
 * the Customer interface with `autologin` logged in on the calling device token (auth), in one
 * transaction: a refused login leaves no customer behind. The Enterprise interface keeps no customer
 * sessions, so there `autologin` only makes the password mandatory.
 */
@Injectable()
export class CustomerRegistrationFlow {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly callerPartners: CallerPartnersService,
    private readonly customers: CustomerService,
    private readonly deviceTokens: DeviceTokenService,
  ) {}

  async register(actor: Actor, input: CustomerCreateInput): Promise<string> {
    const partnerIds = await this.callerPartners.partnerIdsOf(actor);
    const registration = await this.customers.prepareCreate(input, partnerIds, actor.interface);
    if (actor.kind !== 'device' || !input.autologin) return registration.write();
    await this.deviceTokens.assertCanLogIn(actor);
    // Only writes inside: every check ran before, so the transaction holds one connection and no more.
    return this.dataSource.transaction(async (manager) => {
      const customerId = await registration.write(manager);
      await this.deviceTokens.logInRegisteredCustomer(actor, customerId, manager);
      return customerId;
    });
  }
}
