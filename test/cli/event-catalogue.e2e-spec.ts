import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('tessera event-group, event-type and event-property', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let jane: TestCustomer;

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const define = (command: string, definition: object | string): Promise<CliRun> => workspace.runWithFile([command, 'define'], definition);
  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
  const state = async (table: string, column: string, key: string): Promise<number> =>
    (await t.dataSource.query(`SELECT state FROM ${table} WHERE ${column} = $1`, [key]))[0].state;

  /** Defines and expects success; returns the id printed (groups and types). */
  async function defined(command: string, definition: object): Promise<string> {
    const run = await define(command, definition);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return run.stdout.trim();
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'event-catalogue');
    jane = await t.createCustomer();
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  describe('event-group', () => {
    it('creates a group, prints its id, replaces it with change by id or text id, and the API serves it', async () => {
      const created = await define('event-group', { text_id: 'loyalty_club', name: 'Loyalty club' });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const groupId = created.stdout.trim();
      expect((await ent(`/event-groups/${groupId}`)).body.data).toEqual({
        event_group_id: groupId,
        name: 'Loyalty club',
        text_id: 'loyalty_club',
        state: 1,
      });
      const before = await count('event_groups');
      const updated = await cli(
        ['event-group', 'change', 'loyalty_club', '-'],
        JSON.stringify({ text_id: 'loyalty_club', name: 'Club', state: 2 }),
      );
      expect(updated).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(updated.stdout)).toMatchObject({ event_group_id: groupId, name: 'Club', state: 2, types: 0 });
      expect(await count('event_groups')).toBe(before);
      expect((await ent(`/event-groups/${groupId}`)).body.data).toMatchObject({ name: 'Club', state: 2 });
      const clash = await define('event-group', { text_id: 'loyalty_club', name: 'Again' });
      expect(clash).toMatchObject({ code: 1, stderr: 'Error: text_id: Another event group has this text id\n' });
    });

    it('removes an empty group by id or text id, and refuses one that has types', async () => {
      const groupId = (await define('event-group', { text_id: 'short_lived', name: 'Short lived' })).stdout.trim();
      expect(await cli(['event-group', 'remove', 'short_lived'])).toEqual({
        code: 0,
        stdout: 'Deactivated event group short_lived (state 0)\n',
        stderr: '',
      });
      expect((await ent(`/event-groups/${groupId}`)).body.data.state).toBe(0);
      expect((await cli(['event-group', 'activate', groupId])).code).toBe(0);
      expect((await ent(`/event-groups/${groupId}`)).body.data.state).toBe(1);

      const refused = await cli(['event-group', 'remove', 'purchases']);
      expect(refused).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'Error: event_group_id: The group has event types (purchase, purchase_cancellation); remove them or move them to another group first\n',
      });
      expect(await state('event_groups', 'text_id', 'purchases')).toBe(1);
      expect(await cli(['event-group', 'remove', 'nowhere'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error: No event-groups record has the id "nowhere"\n',
      });
    });

    it('lists every group with its state and number of types', async () => {
      const list = await cli(['event-group', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^EVENT GROUP ID\s+TEXT ID\s+STATE\s+TYPES\s+NAME$/);
      expect(lines).toHaveLength((await count('event_groups')) + 1);
      expect(list.stdout).toMatch(/^[0-9a-f]{32}\s+purchases\s+active\s+2\s+Purchases$/m);
      expect(list.stdout).toMatch(/^[0-9a-f]{32}\s+vouchers\s+active\s+7\s+Vouchers$/m);
    });

    it.each([
      ['a missing name', { text_id: 'x' }, 'name: name should not be null or undefined'],
      [
        'a text id with capitals',
        { text_id: 'Big', name: 'x' },
        'text_id: A text id has 1 to 64 lowercase letters, digits and underscores',
      ],
      ['an empty name', { text_id: 'x', name: ' ' }, 'name: The name may not be empty'],
      ['a state of 0', { text_id: 'x', name: 'x', state: 0 }, 'state: state must be one of the following values: 1, 2'],
      ['a read-only field', { text_id: 'x', name: 'x', event_group_id: 'abc' }, 'event_group_id: property event_group_id should not exist'],
    ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
      const before = await count('event_groups');
      const run = await define('event-group', definition);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(message);
      expect(await count('event_groups')).toBe(before);
    });
  });

  describe('event-property', () => {
    it('creates a property with its items, changes it by its id, and the API serves it', async () => {
      expect(
        await define('event-property', {
          property_id: 'visit_channel',
          name: 'Channel',
          description: 'Where the visit came from',
          data_type: 'enum',
          items: [
            { id: 'web', name: 'Web' },
            { id: 'app', name: 'App' },
          ],
        }),
      ).toEqual({ code: 0, stdout: 'visit_channel\n', stderr: '' });
      const changed = await workspace.runWithFile(['event-property', 'change', 'visit_channel'], {
        property_id: 'visit_channel',
        name: 'Visit channel',
        data_type: 'enum',
        is_required: true,
        items: [
          { id: 'web', name: 'Website' },
          { id: 'kiosk', name: 'Kiosk', resource_record_id: 'store-1' },
        ],
      });
      expect(changed).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(changed.stdout)).toMatchObject({ property_id: 'visit_channel', name: 'Visit channel', state: 1 });
      expect((await ent('/event-properties/visit_channel')).body.data).toEqual({
        property_id: 'visit_channel',
        name: 'Visit channel',
        data_type: 'enum',
        items: [
          { id: 'app', name: 'App', state: 0 },
          { id: 'kiosk', name: 'Kiosk', resource_record_id: 'store-1', state: 1 },
          { id: 'web', name: 'Website', state: 1 },
        ],
        is_required: true,
        is_unique: false,
        last_change: expect.any(String),
        state: 1,
      });
    });

    it('changes the data type only while no event has a value, and deactivates a property keeping its values', async () => {
      const changeMood = (dataType: string) =>
        workspace.runWithFile(['event-property', 'change', 'mood'], { property_id: 'mood', name: 'Mood', data_type: dataType });
      expect((await define('event-property', { property_id: 'mood', name: 'Mood', data_type: 'string' })).code).toBe(0);
      expect((await changeMood('integer')).code).toBe(0);
      expect(
        (await define('event-type', { text_id: 'moody', name: 'Moody', event_group_text_id: 'vouchers', event_property_ids: ['mood'] }))
          .code,
      ).toBe(0);
      const [type] = await t.dataSource.query(`SELECT event_type_id FROM event_types WHERE text_id = 'moody'`);
      const posted = await t.enterprise('POST', '/events', {
        token,
        body: {
          event: { event_type_id: type.event_type_id, customer_id: jane.customerId, external_id: 'm-1' },
          property_records: [{ property_id: 'mood', property_value: 7 }],
        },
      });
      expect(posted.status).toBe(201);
      const refused = await changeMood('string');
      expect(refused).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error: data_type: Events already have values of this property as integer\n',
      });

      expect(await cli(['event-property', 'remove', 'mood'])).toEqual({
        code: 0,
        stdout: 'Deactivated event property mood (state 0)\n',
        stderr: '',
      });
      expect((await ent('/event-properties/mood')).body.data.state).toBe(0);
      expect((await ent(`/event-types/${type.event_type_id}/event-properties`)).body.data.total_items).toBe(0);
      const records = await ent(`/events/${posted.body.data.event_id}/property-records`);
      expect(records.body.data.property_records).toEqual([expect.objectContaining({ property_id: 'mood', property_value: 7 })]);
      expect(await cli(['event-property', 'remove', 'nothing'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error: No event-properties record has the id "nothing"\n',
      });
    });

    it('lists every property with its items and the types that allow it', async () => {
      const list = await cli(['event-property', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^PROPERTY ID\s+DATA TYPE\s+REQUIRED\s+UNIQUE\s+STATE\s+TYPES\s+ITEMS\s+NAME$/);
      expect(lines).toHaveLength((await count('event_properties')) + 1);
      expect(list.stdout).toMatch(/^visit_channel\s+enum\s+yes\s+no\s+active\s+kiosk=Kiosk, web=Website\s+Visit channel$/m);
      expect(list.stdout).toMatch(/^mood\s+integer\s+no\s+no\s+deactivated\s+moody\s+Mood$/m);
    });

    it.each([
      [
        'an unknown data type',
        { property_id: 'p', name: 'P', data_type: 'colour' },
        'data_type: The data type must be one of: string, date, integer, float, enum, multiselect, boolean, timestamp',
      ],
      ['items on a string', { property_id: 'p', name: 'P', data_type: 'string', items: [{ id: 'a', name: 'A' }] }, 'items: Only enum'],
      [
        'an enum without items',
        { property_id: 'p', name: 'P', data_type: 'multiselect' },
        'items: An multiselect property needs at least one item',
      ],
      [
        'an id with spaces',
        { property_id: 'shoe size', name: 'P', data_type: 'string' },
        'property_id: The id may contain only letters, digits',
      ],
      [
        'a repeated item',
        {
          property_id: 'p',
          name: 'P',
          data_type: 'enum',
          items: [
            { id: 'a', name: 'A' },
            { id: 'a', name: 'B' },
          ],
        },
        'items.1.id: The item is given more than once',
      ],
      [
        'an item without a name',
        { property_id: 'p', name: 'P', data_type: 'enum', items: [{ id: 'a' }] },
        'items.0.name: name should not be null',
      ],
      [
        'a flag that is not boolean',
        { property_id: 'p', name: 'P', data_type: 'string', is_unique: 'yes' },
        'is_unique: is_unique must be a boolean',
      ],
      [
        "another property's item",
        { property_id: 'p', name: 'P', data_type: 'enum', items: [{ id: 'web', name: 'Web' }] },
        'items.0.id: Another property has an item with this id',
      ],
    ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
      const before = [await count('event_properties'), await count('event_property_items')];
      const run = await define('event-property', definition);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(message);
      expect([await count('event_properties'), await count('event_property_items')]).toEqual(before);
    });
  });

  describe('event-type', () => {
    beforeAll(async () => {
      for (const propertyId of ['seat', 'row']) {
        expect((await define('event-property', { property_id: propertyId, name: propertyId, data_type: 'string' })).code).toBe(0);
      }
    });

    it('creates a type in a group with the properties it allows, and replaces it with change', async () => {
      const typeId = await defined('event-type', {
        text_id: 'cinema_visit',
        name: 'Cinema visit',
        event_group_text_id: 'vouchers',
        icon_name: 'theaters',
        event_property_ids: ['seat', 'row'],
      });
      expect(typeId).toMatch(/^[0-9a-f]{32}$/);
      const [vouchers] = await t.dataSource.query(`SELECT event_group_id FROM event_groups WHERE text_id = 'vouchers'`);
      expect((await ent(`/event-types/${typeId}`)).body.data).toEqual({
        event_type_id: typeId,
        event_group_id: vouchers.event_group_id,
        event_group_text_id: 'vouchers',
        name: 'Cinema visit',
        text_id: 'cinema_visit',
        icon_name: 'theaters',
        state: 1,
      });
      const allowed = async () =>
        (await ent(`/event-types/${typeId}/event-properties`)).body.data.event_properties.map(
          (p: { property_id: string }) => p.property_id,
        );
      expect(await allowed()).toEqual(['row', 'seat']);

      const clubId = (await define('event-group', { text_id: 'cinema', name: 'Cinema' })).stdout.trim();
      const run = await workspace.runWithFile(['event-type', 'change', 'cinema_visit'], {
        text_id: 'cinema_visit',
        name: 'Film',
        event_group_id: clubId,
        state: 2,
        event_property_ids: ['seat'],
      });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toMatchObject({ event_type_id: typeId, event_group_text_id: 'cinema', event_property_ids: ['seat'] });
      expect((await ent(`/event-types/${typeId}`)).body.data).toEqual({
        event_type_id: typeId,
        event_group_id: clubId,
        event_group_text_id: 'cinema',
        name: 'Film',
        text_id: 'cinema_visit',
        state: 2,
      });
      expect(await allowed()).toEqual(['seat']);
    });

    it('removes a type, keeping its events, but never a type code writes', async () => {
      const typeId = await defined('event-type', { text_id: 'one_off', name: 'One off', event_group_text_id: 'vouchers' });
      expect(await cli(['event-type', 'remove', 'one_off'])).toEqual({
        code: 0,
        stdout: 'Deactivated event type one_off (state 0)\n',
        stderr: '',
      });
      expect(await state('event_types', 'event_type_id', typeId)).toBe(0);
      const shown = await cli(['event-type', 'show', typeId]);
      expect((await workspace.runWithFile(['event-type', 'change', typeId], shown.stdout)).code).toBe(0);
      expect(await state('event_types', 'event_type_id', typeId)).toBe(0);

      for (const textId of ['purchase', 'purchase_cancellation', 'entrance_deactivation']) {
        expect(await cli(['event-type', 'remove', textId])).toEqual({
          code: 1,
          stdout: '',
          stderr: `Error: event_type_id: Code writes ${textId} events, so the type cannot be deactivated\n`,
        });
        expect(await state('event_types', 'text_id', textId)).toBe(1);
      }
      const deactivate = await workspace.runWithFile(['event-type', 'change', 'purchase'], {
        text_id: 'purchase',
        name: 'Purchase',
        event_group_text_id: 'purchases',
        state: 2,
      });
      expect(deactivate).toEqual({ code: 1, stdout: '', stderr: 'Error: state: Code writes purchase events: the type stays active\n' });
      expect(await cli(['event-type', 'remove', 'nothing'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error: No event-types record has the id "nothing"\n',
      });
    });

    it('lists every type with its group, state, icon and properties', async () => {
      const list = await cli(['event-type', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^EVENT TYPE ID\s+TEXT ID\s+GROUP\s+STATE\s+ICON\s+PROPERTIES\s+NAME$/);
      expect(lines).toHaveLength((await count('event_types')) + 1);
      expect(list.stdout).toMatch(/^[0-9a-f]{32}\s+purchase\s+purchases\s+active\s+shopping_cart\s+Purchase$/m);
      expect(list.stdout).toMatch(/^[0-9a-f]{32}\s+cinema_visit\s+cinema\s+inactive\s+seat\s+Film$/m);
    });

    it.each([
      ['no group', { text_id: 't', name: 'T' }, 'event_group_id: Name the group by event_group_id or event_group_text_id'],
      [
        'two different groups',
        { text_id: 't', name: 'T', event_group_id: 'vouchers', event_group_text_id: 'purchases' },
        'event_group_text_id: Names another group than event_group_id',
      ],
      [
        'a text id another type has',
        { text_id: 'purchase', name: 'T', event_group_text_id: 'vouchers' },
        'text_id: Another event type has this text id',
      ],
      [
        'an unknown group',
        { text_id: 't', name: 'T', event_group_text_id: 'nowhere' },
        'event_group_id: No event group has this id or text id',
      ],
      [
        'an unknown property',
        { text_id: 't', name: 'T', event_group_text_id: 'vouchers', event_property_ids: ['seat', 'x'] },
        'event_property_ids.1: No event property',
      ],
      [
        'a removed property',
        { text_id: 't', name: 'T', event_group_text_id: 'vouchers', event_property_ids: ['mood'] },
        'event_property_ids.0: The property is removed',
      ],
      ['a bad text id', { text_id: 'a-b', name: 'T', event_group_text_id: 'vouchers' }, 'text_id: A text id has'],
      [
        'properties that are not a list',
        { text_id: 't', name: 'T', event_group_text_id: 'vouchers', event_property_ids: 'seat' },
        'event_property_ids: event_property_ids must',
      ],
    ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
      const before = [await count('event_types'), await count('event_type_properties')];
      const run = await define('event-type', definition);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toContain(message);
      expect([await count('event_types'), await count('event_type_properties')]).toEqual(before);
    });

    it('refuses a type in a deactivated group', async () => {
      expect((await define('event-group', { text_id: 'closed', name: 'Closed' })).code).toBe(0);
      expect((await cli(['event-group', 'remove', 'closed'])).code).toBe(0);
      const run = await define('event-type', { text_id: 't', name: 'T', event_group_text_id: 'closed' });
      expect(run).toEqual({ code: 1, stdout: '', stderr: 'Error: event_group_id: The group is deactivated; activate it first\n' });
    });
  });

  it.each([
    [['event-group']],
    [['event-type', 'rename']],
    [['event-property', 'define']],
    [['event-group', 'list', 'extra']],
    [['event-type', 'remove']],
  ])('prints a usage error and exits 2 for %j', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });
});
