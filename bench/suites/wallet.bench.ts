import { Client } from 'pg';
import { BenchSuite } from '../bench-suite';
import { ensureLedger } from './loyalty.bench';

/**
 * The wallet's reads for one bench customer of the loyalty ledger (20 point records), given credits in
 * two currencies with expiries, a point reservation and two purchases. Each read is one statement, so
 * each is compared with one customer's point SELECT in a bare NestJS app.
 */
export const walletSuite: BenchSuite = {
  name: 'wallet',
  async prepare({ api, auth, databaseUrl, log }) {
    await ensureLedger(databaseUrl, log);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const customerId = (await client.query<{ id: string }>(`SELECT md5('bench-loyalty-4') AS id`)).rows[0].id;
    // Credits, a reservation and purchases are added once; a later run finds them by their fixed ids.
    await client.query(
      `INSERT INTO credits (credit_id, customer_id, credit_type_id, partner_id, currency_id, assigned_credits, available_credits, valid_to, created_at)
       SELECT md5('bench-wallet-credit-' || c.code || '-' || r), $1, t.credit_type_id, p.partner_id, c.currency_id, 25, 25,
              now() + (r || ' days')::interval, now() - (r || ' days')::interval
         FROM generate_series(1, 10) AS r,
              (SELECT credit_type_id FROM credit_types WHERE is_default) t,
              (SELECT partner_id FROM partners ORDER BY created_at, partner_id LIMIT 1) p,
              (SELECT currency_id, code FROM currencies WHERE code IN ('EUR', 'CZK')) c
       ON CONFLICT DO NOTHING`,
      [customerId],
    );
    await client.query(
      `INSERT INTO point_reservations (point_reservation_id, customer_id, point_type_id, external_id, quantity)
       SELECT md5('bench-wallet-reservation'), $1, point_type_id, 'bench-wallet', 150 FROM point_types WHERE is_default
       ON CONFLICT DO NOTHING`,
      [customerId],
    );
    await client.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id,
                              currency_id, payment_time, total_price, items_count)
       SELECT md5('bench-wallet-purchase-' || r), 'bench-wallet-' || r, $1, s.store_id, '1', pt.purchase_type_id, pay.payment_type_id,
              c.currency_id, now() - (r || ' days')::interval, 19.90, 1
         FROM generate_series(1, 2) AS r,
              (SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1) s,
              (SELECT purchase_type_id FROM purchase_types ORDER BY purchase_type_id LIMIT 1) pt,
              (SELECT payment_type_id FROM payment_types ORDER BY payment_type_id LIMIT 1) pay,
              (SELECT currency_id FROM currencies WHERE code = 'EUR') c
       ON CONFLICT DO NOTHING`,
      [customerId],
    );
    await client.query('ANALYZE credits, point_reservations, purchases');
    await client.end();
    const read = (action: string, query = '') => ({
      name: `GET /wallet/actions/${action}`,
      url: `${api}/wallet/actions/${action}?customer_id=${customerId}${query}`,
      headers: auth,
      baseline: 'nest-pg-select' as const,
    });
    return [
      read('points-overview', '&date_from=2025-01-01'),
      read('credits-overview', '&date_from=2025-01-01'),
      read('points-expiration-overview'),
      read('credits-expiration-overview'),
      read('sales-turnover'),
    ];
  },
};
