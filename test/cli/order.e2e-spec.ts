import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';

describe('tessera order', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let orderId: string;

  const status = async (): Promise<string> => (await t.enterprise('GET', `/orders/${orderId}`, { token })).body.data.order_status;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'order');
    const jane = await t.createCustomer();
    const currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies ORDER BY currency_id LIMIT 1`))[0].currency_id;
    const created = await t.enterprise('POST', '/orders', {
      token,
      body: {
        order: {
          customer_id: jane.customerId,
          currency_id: currencyId,
          total_price: 5,
          order_items: [{ product_variant_id: 'v1', amount: 1, unit_price: 5, vat_rate: 0 }],
          invoicing_data: { payment_id: 'S' },
        },
      },
    });
    orderId = created.body.data.order_id;
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('moves an order along its status table and refuses a move the table does not allow', async () => {
    expect(await workspace.run(['order', 'move', orderId, 'processing'])).toEqual({
      code: 0,
      stdout: `Order ${orderId} moved from new to processing\n`,
      stderr: '',
    });
    expect(await status()).toBe('processing');
    const refused = await workspace.run(['order', 'move', orderId, 'new']);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: order_status: The order cannot move from processing to new: from processing an order moves to shipped or cancelled\n',
    });
    expect(await status()).toBe('processing');
    expect((await workspace.run(['order', 'move', 'f'.repeat(32), 'processing'])).code).toBe(1);
  });

  it.each([[['order']], [['order', 'move', 'x']], [['order', 'list']]])('refuses %j as a usage error', async (argv) => {
    expect((await workspace.run(argv)).code).toBe(2);
  });
});
