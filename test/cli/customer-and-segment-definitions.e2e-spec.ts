import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestCustomer } from '../support/test-app';

/** The CLI's lifecycle verbs for the customers' and segments' definitions, and segment members, audited as the OS user. */
describe('tessera customer-property, interest, agreement, customer-type, customer-source, segment-group, segment', () => {
  let t: TestApp;
  let workspace: CliWorkspace;
  let customer: TestCustomer;

  const cli = (argv: string[]) => workspace.run(argv);
  const cliAudit = async (targetType: string, targetId: string): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT operation FROM audit_events WHERE channel = 'cli' AND target_type = $1 AND target_id = $2 ORDER BY occurred_at, audit_event_id`,
        [targetType, targetId],
      )
    ).map((row: { operation: string }) => row.operation);

  beforeAll(async () => {
    t = await TestApp.create();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'customer-definitions');
    customer = await t.createCustomer();
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('defines a customer property, shows it as a file change takes back, changes, removes and activates it', async () => {
    const defined = await workspace.runWithFile(['customer-property', 'define'], {
      property_id: 'favourite_colour',
      name: 'Favourite colour',
      data_type: 'enum',
      items: [{ id: 'red', name: 'Red' }],
    });
    expect(defined).toMatchObject({ code: 0, stdout: 'favourite_colour\n' });
    const shown = await cli(['customer-property', 'show', 'favourite_colour']);
    const view = JSON.parse(shown.stdout);
    expect(view).toMatchObject({ property_id: 'favourite_colour', state: 1 });
    view.items.push({ id: 'blue', name: 'Blue' });
    const file = join(workspace.dataDir, 'colour.json');
    writeFileSync(file, JSON.stringify(view));
    expect((await cli(['customer-property', 'change', 'favourite_colour', file])).code).toBe(0);
    expect((await cli(['customer-property', 'list'])).stdout).toContain('blue, red');
    expect((await cli(['customer-property', 'remove', 'favourite_colour'])).stdout).toContain('state 0');
    expect((await cli(['customer-property', 'activate', 'favourite_colour'])).code).toBe(0);
    expect(await cliAudit('customer_property', 'favourite_colour')).toEqual([
      'customer-property define',
      'customer-property change',
      'customer-property remove',
      'customer-property activate',
    ]);
  });

  it('defines an interest, an agreement, a customer type and a customer source', async () => {
    const interest = await workspace.runWithFile(['interest', 'define'], { name: 'Cycling' });
    expect(interest.code).toBe(0);
    expect((await cli(['interest', 'show', interest.stdout.trim()])).stdout).toContain('Cycling');
    const agreement = await workspace.runWithFile(['agreement', 'define'], {
      text_id: 'sms_offers',
      name: 'Offers by SMS',
      communication_channel_id: 'sms',
    });
    expect(agreement.code).toBe(0);
    expect((await cli(['agreement', 'list'])).stdout).toContain('sms_offers');
    const type = await workspace.runWithFile(['customer-type', 'define'], { text_id: 'student', name: 'Student' });
    expect(type.code).toBe(0);
    expect((await cli(['customer-type', 'remove', 'student'])).code).toBe(0);
    expect(await cliAudit('customer_type', type.stdout.trim())).toEqual(['customer-type define', 'customer-type remove']);
    const source = await workspace.runWithFile(['customer-source', 'define'], { customer_source_text_id: 'kiosk', name: 'Kiosk' });
    expect(source.code).toBe(0);
    expect(JSON.parse((await cli(['customer-source', 'show', 'kiosk'])).stdout).customer_source_id).toBe(source.stdout.trim());
  });

  it('defines a segment in a group by text id and manages its members', async () => {
    expect((await workspace.runWithFile(['segment-group', 'define'], { text_id: 'loyalty', name: 'Loyalty' })).code).toBe(0);
    const segment = await workspace.runWithFile(['segment', 'define'], { name: 'Regulars', segment_group_id: 'loyalty' });
    expect(segment.code).toBe(0);
    const segmentId = segment.stdout.trim();
    expect((await cli(['segment', 'list'])).stdout).toContain('Regulars');

    expect(await cli(['segment', 'add-members', segmentId, customer.customerId])).toMatchObject({
      code: 0,
      stdout: 'Added 1 of 1 customers\n',
    });
    const members = JSON.parse((await cli(['segment', 'members', segmentId, '--json'])).stdout);
    expect(members.map((member: { customer_id: string }) => member.customer_id)).toEqual([customer.customerId]);
    expect(await cli(['segment', 'remove-members', segmentId, customer.customerId])).toMatchObject({
      code: 0,
      stdout: 'Removed 1 of 1 customers\n',
    });
    expect(await cliAudit('segment', segmentId)).toEqual(['segment define', 'segment add-members', 'segment remove-members']);
  });

  it('adds and removes members named in a file, and defines a dynamic segment from the same JSON as the operator API', async () => {
    const other = await t.createCustomer();
    const segmentId = (await workspace.runWithFile(['segment', 'define'], { name: 'From a file' })).stdout.trim();
    const file = `${customer.customerId}\n${other.customerId}\n`;
    expect(await workspace.run(['segment', 'add-members', segmentId, '--file', '-'], file)).toMatchObject({
      code: 0,
      stdout: 'Added 2 of 2 customers\n',
    });
    expect(await workspace.run(['segment', 'remove-members', segmentId, '--file', '-'], file)).toMatchObject({
      code: 0,
      stdout: 'Removed 2 of 2 customers\n',
    });

    const conditions = {
      kind: 'all',
      conditions: [
        { kind: 'purchases', days: 30, count_min: 2 },
        { kind: 'not', condition: { kind: 'segment', segment_id: segmentId } },
      ],
    };
    const dynamic = await workspace.runWithFile(['segment', 'define'], { name: 'Regular buyers', conditions });
    expect(dynamic.code).toBe(0);
    const shown = JSON.parse((await cli(['segment', 'show', dynamic.stdout.trim()])).stdout);
    expect(shown.conditions).toEqual(conditions);
    const refused = await workspace.runWithFile(['segment', 'define'], { name: 'Bad', conditions: { kind: 'purchases', days: 30 } });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('conditions');
    // The dynamic segment's members follow its conditions: none are added by hand.
    expect((await cli(['segment', 'add-members', dynamic.stdout.trim(), customer.customerId])).code).not.toBe(0);

    const schema = JSON.parse((await cli(['segment', 'define', '--schema'])).stdout);
    expect(Object.keys(schema.properties.conditions.definitions)).toEqual(
      expect.arrayContaining(['all', 'any', 'not', 'purchases', 'segment']),
    );
  });

  it('names the field of a refused definition and exits non-zero', async () => {
    const refused = await workspace.runWithFile(['segment', 'define'], { name: 'Nowhere', segment_group_id: 'no-such-group' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('segment_group_id');
  });
});
