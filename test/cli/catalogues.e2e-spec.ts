import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

describe('tessera partner-property, product-property (the property lifecycle), engagement-setup and app', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;

  const ent = (path: string, query?: Record<string, string>): Promise<TestResponse> => t.enterprise('GET', path, { token, query });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const define = (command: string, definition: object | string): Promise<CliRun> => workspace.runWithFile([command, 'define'], definition);
  const rowCount = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'catalogues');
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  describe.each([
    ['partner-property', 'partner-properties', 'partner_properties', 'partner property'],
    ['product-property', 'product-properties', 'product_properties', 'product property'],
  ])('tessera %s', (command, path, table, label) => {
    it('creates a property from a file, changes it, and the API serves it', async () => {
      const created = await define(command, {
        property_id: 'size',
        name: 'Size',
        description: 'Clothing size',
        data_type: 'enum',
        items: [
          { id: 's', name: 'Small' },
          { id: 'm', name: 'Medium', resource_record_id: 'rec-m' },
        ],
      });
      expect(created).toEqual({ code: 0, stdout: 'size\n', stderr: '' });
      expect((await ent(`/${path}/size`)).body.data).toEqual({
        property_id: 'size',
        name: 'Size',
        description: 'Clothing size',
        data_type: 'enum',
        items: [
          { id: 'm', name: 'Medium', resource_record_id: 'rec-m', state: 1 },
          { id: 's', name: 'Small', state: 1 },
        ],
        is_required: false,
        is_unique: false,
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        state: 1,
      });
      expect((await define(command, { property_id: 'size', name: 'Other', data_type: 'string' })).stderr).toContain('property_id:');
      // The whole definition is replaced: an item left out is deactivated, the description and the item's record go.
      const updated = await cli(
        [command, 'change', 'size', '-'],
        JSON.stringify({ property_id: 'size', name: 'Size', data_type: 'enum', items: [{ id: 'm', name: 'M' }] }),
      );
      expect(updated.code).toBe(0);
      expect(JSON.parse(updated.stdout)).toMatchObject({ property_id: 'size', items: [{ id: 'm', name: 'M' }], state: 1 });
      const shown = await cli([command, 'show', 'size']);
      expect(JSON.parse(shown.stdout)).toMatchObject({ property_id: 'size', name: 'Size', state: 1 });
      const after = (await ent(`/${path}/size`)).body.data;
      expect(after.description).toBeUndefined();
      expect(after.items).toEqual([
        { id: 'm', name: 'M', state: 1 },
        { id: 's', name: 'Small', state: 0 },
      ]);
    });

    it('lists the properties, deactivates one, keeping its row, and activates it again', async () => {
      expect((await define(command, { property_id: 'note', name: 'Staff note', data_type: 'string', is_required: true })).code).toBe(0);
      const listed = await cli([command, 'list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout.split('\n')[0].split(/\s{2,}/)).toEqual([
        'PROPERTY ID',
        'DATA TYPE',
        'REQUIRED',
        'UNIQUE',
        'STATE',
        'ITEMS',
        'NAME',
      ]);
      expect(listed.stdout).toMatch(/^note\s+string\s+yes\s+no\s+active\s+Staff note$/m);
      expect(listed.stdout).toMatch(/^size\s+enum\s+no\s+no\s+active\s+m=M\s+Size$/m);

      expect(await cli([command, 'remove', 'note'])).toEqual({ code: 0, stdout: `Deactivated ${label} note (state 0)\n`, stderr: '' });
      expect((await ent(`/${path}/note`)).body.data.state).toBe(0);
      expect((await cli([command, 'list'])).stdout).toMatch(/^note\s+string\s+yes\s+no\s+deactivated\s+Staff note$/m);
      expect(await cli([command, 'activate', 'note'])).toEqual({ code: 0, stdout: `Activated ${label} note (state 1)\n`, stderr: '' });
      expect((await ent(`/${path}/note`)).body.data.state).toBe(1);
      // Deactivated again, so that the required property binds no product the later tests store.
      expect((await cli([command, 'remove', 'note'])).code).toBe(0);
      const unknown = await cli([command, 'remove', 'nothing']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^Error: /);
    });

    it('refuses a bad definition, naming each wrong field, and writes nothing', async () => {
      const before = await rowCount(table);
      const bad = await define(command, {
        property_id: 'bad id!',
        name: ' ',
        data_type: 'colour',
        items: [{ id: 'x', name: 'X' }],
        last_change: '2025-01-01 00:00:00',
      });
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('last_change');
      const semantic = await define(command, {
        property_id: 'bad id!',
        name: ' ',
        data_type: 'multiselect',
        items: [
          { id: 'x', name: 'X' },
          { id: 'x', name: '' },
        ],
      });
      expect(semantic.code).toBe(1);
      for (const field of ['property_id', 'name', 'items.1.id', 'items.1.name']) expect(semantic.stderr).toContain(`${field}:`);
      const noItems = await define(command, { property_id: 'level', name: 'Level', data_type: 'enum' });
      expect(noItems.stderr).toContain('items:');
      const wrongTypes = await define(command, { property_id: 5, name: 'Five', data_type: 'string', is_required: 'yes' });
      expect(wrongTypes.code).toBe(1);
      for (const field of ['property_id', 'is_required']) expect(wrongTypes.stderr).toContain(field);
      expect((await define(command, '{not json')).code).toBe(1);
      expect(await rowCount(table)).toBe(before);
      expect((await cli([command, 'explode'])).code).toBe(2);
    });
  });

  it('refuses unique product properties, as nothing would check them, but allows unique partner properties', async () => {
    const product = await define('product-property', { property_id: 'serial', name: 'Serial', data_type: 'string', is_unique: true });
    expect(product.code).toBe(1);
    expect(product.stderr).toContain('is_unique:');
    expect((await define('partner-property', { property_id: 'vat', name: 'VAT id', data_type: 'string', is_unique: true })).code).toBe(0);
  });

  it('keeps the data type of a product property while products hold values of it', async () => {
    expect((await define('product-property', { property_id: 'weight', name: 'Weight', data_type: 'integer' })).code).toBe(0);
    const stored = await t.enterprise('POST', '/products/batch', {
      token,
      body: {
        products: [
          {
            name: 'Flour',
            plu_ids: [{ list_code: 'EAN', code: 'F-1' }],
            property_records: [{ property_id: 'weight', property_value: 1000 }],
          },
        ],
      },
    });
    expect(stored.status).toBe(204);
    const changed = await workspace.runWithFile(['product-property', 'change', 'weight'], {
      property_id: 'weight',
      name: 'Weight',
      data_type: 'float',
    });
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('data_type:');
    expect((await ent('/product-properties/weight')).body.data.data_type).toBe('integer');
  });

  describe('tessera engagement-setup', () => {
    it('creates a setup from JSON or serialized JSON, changes, deactivates and activates it, auditing each write', async () => {
      const created = await define('engagement-setup', { setup: { site: 'shop.example.test', events: ['page_view'] } });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const setupId = created.stdout.trim();
      expect((await t.customer('GET', `/customer-engagement-setups/${setupId}`)).body.data).toEqual({
        setup_id: setupId,
        setup: '{"site":"shop.example.test","events":["page_view"]}',
        state: 1,
      });
      const changed = await cli(
        ['engagement-setup', 'change', setupId, '-'],
        JSON.stringify({ setup_id: setupId, setup: '{"site": "new.example.test"}', state: 2 }),
      );
      expect(changed).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(changed.stdout)).toMatchObject({ setup_id: setupId, setup: '{"site": "new.example.test"}', state: 2 });
      expect((await t.customer('GET', `/customer-engagement-setups/${setupId}`)).body.data).toEqual({
        setup_id: setupId,
        setup: '{"site": "new.example.test"}',
        state: 2,
      });
      expect((await cli(['engagement-setup', 'list'])).stdout).toMatch(
        new RegExp(`^${setupId}\\s+inactive\\s+\\{"site": "new.example.test"\\}$`, 'm'),
      );
      expect(await cli(['engagement-setup', 'remove', setupId])).toEqual({
        code: 0,
        stdout: `Deactivated engagement setup ${setupId} (state 0)\n`,
        stderr: '',
      });
      expect((await t.customer('GET', `/customer-engagement-setups/${setupId}`)).body.data.state).toBe(0);
      // What show prints of a deactivated setup changes it and leaves it deactivated.
      const shown = JSON.parse((await cli(['engagement-setup', 'show', setupId])).stdout);
      expect((await workspace.runWithFile(['engagement-setup', 'change', setupId], { ...shown, setup: '[]' })).code).toBe(0);
      expect((await t.customer('GET', `/customer-engagement-setups/${setupId}`)).body.data).toMatchObject({ setup: '[]', state: 0 });
      expect((await cli(['engagement-setup', 'activate', setupId])).code).toBe(0);
      expect((await t.customer('GET', `/customer-engagement-setups/${setupId}`)).body.data.state).toBe(1);
      const trail = await t.dataSource.query(
        `SELECT channel, operation FROM audit_events WHERE target_type = 'engagement_setup' AND target_id = $1 ORDER BY audit_event_id`,
        [setupId],
      );
      expect(trail.map((event: { operation: string }) => event.operation)).toEqual([
        'engagement-setup define',
        'engagement-setup change',
        'engagement-setup remove',
        'engagement-setup change',
        'engagement-setup activate',
      ]);
    });

    it('refuses setups that are not JSON objects or arrays, and unknown fields, writing nothing', async () => {
      const before = await rowCount('customer_engagement_setups');
      for (const definition of [
        { setup: 'not json' },
        { setup: '42' },
        { setup: 7 },
        {},
        { setup: {}, state: 0 },
        { setup: {}, name: 'x' },
        { setup_id: '0123456789abcdef0123456789abcdef', setup: {} },
      ]) {
        const run = await define('engagement-setup', definition);
        expect(run.code).toBe(1);
        expect(run.stderr).toMatch(/setup|state|name/);
      }
      const unknown = await cli(['engagement-setup', 'change', '0123456789abcdef0123456789abcdef', '-'], JSON.stringify({ setup: {} }));
      expect(unknown).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error: No customer-engagement-setups record has the id "0123456789abcdef0123456789abcdef"\n',
      });
      expect(await rowCount('customer_engagement_setups')).toBe(before);
    });
  });

  describe('tessera app list|show|define|change|remove|activate', () => {
    it('defines a Customer application with a text id, renames it, lists and removes it', async () => {
      const created = await define('app', { name: 'Loyalty app', text_id: 'loyalty_app' });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const appId = created.stdout.trim();
      expect((await t.customer('GET', `/customer-external-applications/${appId}`)).body.data).toMatchObject({
        text_id: 'loyalty_app',
        name: 'Loyalty app',
        state: 1,
      });
      const renamed = await workspace.runWithFile(['app', 'change', 'loyalty_app'], { name: 'Club app', text_id: 'club_app' });
      expect(renamed).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(renamed.stdout)).toMatchObject({ external_application_id: appId, name: 'Club app', text_id: 'club_app', state: 1 });
      expect((await t.customer('GET', '/customer-external-applications', { query: { text_id: 'club_app' } })).body.data).toMatchObject({
        customer_external_applications: [{ external_application_id: appId, name: 'Club app' }],
        total_items: 1,
      });
      expect((await cli(['app', 'list'])).stdout).toMatch(new RegExp(`^${appId}\\s+customer\\s+club_app\\s+1\\s+Club app$`, 'm'));

      const device = await t.deviceToken(undefined, appId);
      expect(await cli(['app', 'remove', appId])).toEqual({
        code: 0,
        stdout: `Deactivated application ${appId} (state 0)\n`,
        stderr: '',
      });
      expect((await t.customer('GET', '/stores', { token: device })).status).toBe(401);
      expect((await t.customer('GET', `/customer-external-applications/${appId}`)).body.data.state).toBe(0);
      expect((await cli(['app', 'list'])).stdout).toMatch(new RegExp(`^${appId}\\s+customer\\s+club_app\\s+0\\s+Club app$`, 'm'));
      expect((await cli(['app', 'activate', 'club_app'])).code).toBe(0);
      expect((await t.customer('GET', '/stores', { token: device })).status).toBe(200);
      const audit = await t.dataSource.query(`SELECT channel, operation FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`, [
        appId,
      ]);
      expect(audit.map((row: { operation: string }) => row.operation)).toEqual(['app define', 'app change', 'app remove', 'app activate']);
    });

    it('defines an Enterprise application, which the public list leaves out', async () => {
      const created = await cli(['app', 'define', '-'], JSON.stringify({ name: 'ERP', text_id: 'erp', interface: 'enterprise' }));
      expect(created.code).toBe(0);
      const appId = created.stdout.trim();
      expect((await t.customer('GET', `/customer-external-applications/${appId}`)).status).toBe(404);
      const moved = await workspace.runWithFile(['app', 'change', appId], { name: 'ERP', text_id: 'erp', interface: 'customer' });
      expect(moved.code).toBe(1);
      expect(moved.stderr).toContain('interface:');
    });

    it('refuses taken or malformed text ids, empty names and unknown fields, writing nothing', async () => {
      const before = await rowCount('external_applications');
      const taken = await define('app', { name: 'Another', text_id: 'erp' });
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain('text_id: Another application has this text id');
      const malformed = await define('app', { name: ' ', text_id: 'has space' });
      expect(malformed.code).toBe(1);
      for (const field of ['name:', 'text_id:']) expect(malformed.stderr).toContain(field);
      const unknown = await define('app', { name: 'X', text_id: 'x', secret: 'y' });
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('secret');
      expect((await define('app', { text_id: 'x' })).stderr).toContain('name');
      expect((await define('app', { name: 'X', text_id: 'x', interface: 'kiosk' })).stderr).toContain('interface');
      expect(await rowCount('external_applications')).toBe(before);
      expect((await cli(['app', 'remove'])).code).toBe(2);
    });

    it('keeps app create working, giving the application its id as text id', async () => {
      const created = await cli(['app', 'create', '--name', 'Legacy', '--interface', 'customer']);
      expect(created.code).toBe(0);
      const appId = created.stdout.trim();
      expect((await t.customer('GET', `/customer-external-applications/${appId}`)).body.data).toMatchObject({
        text_id: appId,
        name: 'Legacy',
      });
    });
  });
});
