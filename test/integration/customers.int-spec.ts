import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { newId } from '@tessera/core';
import { ApiInterface } from '@tessera/http';
import { AdminContextModule } from '../../src/cli/admin-context.module';
import { loadConfig } from '../../src/config/app-config';
import { CustomerService } from '../../src/modules/customers';
import { withStatements } from '../support/statement-capture';
import { cloneTemplateDatabase } from '../support/test-database';

describe('customer services on PostgreSQL', () => {
  let context: INestApplicationContext;
  let dataSource: DataSource;
  let drop: () => Promise<void>;
  let sourceId: string;

  beforeAll(async () => {
    const database = await cloneTemplateDatabase();
    drop = database.drop;
    const config = loadConfig({ TESSERA_DATA_DIR: '/nonexistent-test-data' });
    context = await NestFactory.createApplicationContext(AdminContextModule.forRoot(config, database.url), { logger: false });
    dataSource = context.get(DataSource);
    sourceId = (await dataSource.query(`SELECT customer_source_id FROM customer_sources LIMIT 1`))[0].customer_source_id;
  });
  afterAll(async () => {
    await context.close();
    await drop();
  });

  const insert = (email: string, state = 1) =>
    dataSource.query(`INSERT INTO customers (customer_id, email, state) VALUES ($1, $2, $3)`, [newId(), email, state]);

  it('lets the database refuse a second live customer with one email, whatever the letter case', async () => {
    await insert('Race@Example.test');
    await expect(insert('race@example.TEST')).rejects.toMatchObject({
      driverError: { code: '23505', constraint: 'customers_live_email_key' },
    });
    // A deleted account frees its email.
    await dataSource.query(`UPDATE customers SET state = 0 WHERE lower(email) = 'race@example.test'`);
    await expect(insert('race@example.test')).resolves.toBeDefined();
  });

  it('turns a registration race lost at the unique index into already_exists and writes nothing of the loser', async () => {
    const service = context.get(CustomerService);
    const input = (externalId: string) => ({
      customer: { personal_information: { email: 'twice@example.test', language_id: 'en' } },
      customer_source: { customer_source_id: sourceId, external_id: externalId },
      autologin: false,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => service.create(input(`race-${i}`), [], ApiInterface.Enterprise)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const rejected of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(rejected.reason.toApiError().body.error_data.invalid_params[0]).toMatchObject({ reason: 'already_exists' });
    }
    const sources = await dataSource.query(`SELECT count(*)::int AS n FROM customer_source_records WHERE external_id LIKE 'race-%'`);
    expect(sources[0].n).toBe(1);
  });

  describe('reading one customer', () => {
    it('takes one statement for the customer, its consents and its photo', async () => {
      const customerId = newId();
      await dataSource.query(`INSERT INTO customers (customer_id, email, language_id) VALUES ($1, 'one@example.test', 'en')`, [customerId]);
      await dataSource.query(
        `INSERT INTO customer_consents (customer_id, agreement_id, consent_value)
         SELECT $1, agreement_id, 1 FROM agreements WHERE text_id IN ('gtc', 'profiling')`,
        [customerId],
      );
      await dataSource.query(
        `INSERT INTO customer_photos (photo_id, customer_id, content_type, data) VALUES ($1, $2, 'image/png', '\\x00')`,
        [newId(), customerId],
      );
      const service = context.get(CustomerService);
      await service.get(customerId); // warms the pool, so no connection set-up is counted

      const { result: view, statements } = await withStatements(() => service.get(customerId));
      expect(statements).toHaveLength(1);
      expect(view.consents).toHaveLength(2);
      expect(view.photoId).toMatch(/^[0-9a-f]{32}$/);
    });

    it('answers a deleted customer as an unknown one', async () => {
      const deletedId = newId();
      await dataSource.query(`INSERT INTO customers (customer_id, email, state) VALUES ($1, 'gone@example.test', 0)`, [deletedId]);
      const service = context.get(CustomerService);
      for (const customerId of [deletedId, newId()]) {
        await expect(service.get(customerId)).rejects.toMatchObject({ code: 'record_not_found' });
      }
    });
  });

  describe('listing customers', () => {
    const page = { limit: 2, offset: 0, sortDirection: 'ASC' as const };

    it('takes one statement for a page of customers with their consents, and the total', async () => {
      const firstName = `List${newId().slice(0, 8)}`;
      for (const index of [1, 2, 3]) {
        const customerId = newId();
        await dataSource.query(`INSERT INTO customers (customer_id, email, first_name) VALUES ($1, $2, $3)`, [
          customerId,
          `list-${index}-${firstName}@example.test`,
          firstName,
        ]);
        await dataSource.query(
          `INSERT INTO customer_consents (customer_id, agreement_id, consent_value) SELECT $1, agreement_id, 1 FROM agreements WHERE text_id = 'gtc'`,
          [customerId],
        );
      }
      const service = context.get(CustomerService);
      await service.list({ first_name: firstName }, page); // warms the pool, so no connection set-up is counted

      const { result, statements } = await withStatements(() => service.list({ first_name: firstName.toUpperCase() }, page));
      expect(statements).toHaveLength(1);
      expect(result.total).toBe(3);
      expect(result.items.map((view) => view.consents.length)).toEqual([1, 1]);
    });

    it('still counts the customers when the page is past the end', async () => {
      const email = `alone-${newId()}@example.test`;
      await insert(email);
      const service = context.get(CustomerService);
      await service.list({ email }, page);

      const { result, statements } = await withStatements(() => service.list({ email }, { ...page, offset: 5 }));
      expect(statements).toHaveLength(1);
      expect(result).toEqual({ items: [], total: 1 });
    });
  });
});
