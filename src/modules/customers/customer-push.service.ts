import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from '@tessera/core';
import { CustomerAccountService } from './customer-account.service';

export interface PushRegistrationInput {
  customer_id: string;
  external_application_id: string;
  device: { device_id: string; device_system: string; device_name: string; device_type: string };
  push_token: string;
}

/** Push-notification tokens of customers' devices, one per device and application. */
@Injectable()
export class CustomerPushService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accounts: CustomerAccountService,
  ) {}

  /** Registers the device's token; a token registered earlier for the same device (and app) is replaced. */
  async register(input: PushRegistrationInput): Promise<void> {
    await this.accounts.requireCustomer(input.customer_id, { field: 'customer_id' });
    await this.dataSource.query(
      `INSERT INTO customer_push_registrations
         (push_registration_id, customer_id, external_application_id, device_id, device_system, device_name, device_type, push_token)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (external_application_id, device_id) DO UPDATE SET customer_id = EXCLUDED.customer_id,
         device_system = EXCLUDED.device_system, device_name = EXCLUDED.device_name, device_type = EXCLUDED.device_type,
         push_token = EXCLUDED.push_token, last_change = now()`,
      [
        newId(),
        input.customer_id,
        input.external_application_id,
        input.device.device_id,
        input.device.device_system,
        input.device.device_name,
        input.device.device_type,
        input.push_token,
      ],
    );
  }

  /** The push tokens of the customer's registered devices, in every application. */
  async pushTokensOf(customerId: string): Promise<string[]> {
    const rows: { push_token: string }[] = await this.dataSource.query(
      `SELECT DISTINCT push_token FROM customer_push_registrations WHERE customer_id = $1 ORDER BY push_token`,
      [customerId],
    );
    return rows.map((row) => row.push_token);
  }

  /** Removes one registration by its token, or every registration of the customer in the application. */
  async cancel(customerId: string, applicationId: string, pushToken: string | undefined): Promise<void> {
    await this.accounts.requireCustomer(customerId, { field: 'customer_id' });
    const params: unknown[] = [customerId, applicationId];
    const byToken = pushToken !== undefined ? ` AND push_token = $${params.push(pushToken)}` : '';
    await this.dataSource.query(
      `DELETE FROM customer_push_registrations WHERE customer_id = $1 AND external_application_id = $2${byToken}`,
      params,
    );
  }
}
