import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

describe('tessera message-template', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const templateCount = async (): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM message_templates`))[0].count);
  const define = (definition: object | string): Promise<CliRun> => workspace.runWithFile(['message-template', 'define'], definition);

  async function created(definition: object): Promise<string> {
    const run = await define(definition);
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    return run.stdout.trim();
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'message-template');
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('creates a template from a file, prints its id, and the API serves it', async () => {
    const templateId = await created({
      name: 'Welcome',
      communication_channel_id: 1,
      message_template_group_id: 2,
      consent_free_template: true,
      sender: 'Shop <shop@example.test>',
      subject: 'Welcome, {{first_name}}',
      plain_text_body: 'Hello {{first_name}}',
      html_body: '<p>Hello {{first_name}}</p>',
      preview_url: 'https://img.example.test/welcome.png',
      template_data: [{ parameter_name: 'first_name', value: 'friend' }],
    });
    expect((await ent(`/message-templates/${templateId}`)).body.data).toEqual({
      message_template_id: templateId,
      consent_free_template: true,
      subject: 'Welcome, {{first_name}}',
      sender: 'Shop <shop@example.test>',
      name: 'Welcome',
      preview_url: 'https://img.example.test/welcome.png',
      message_template_group_id: 2,
      communication_channel_id: 1,
      template_data: [{ parameter_name: 'first_name', value: 'friend' }],
      last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it('replaces a template with change from standard input, and a new default takes over its purpose', async () => {
    const old = (
      await t.dataSource.query(
        `SELECT message_template_id FROM message_templates WHERE purpose = 'one_time_password' AND communication_channel_code = 2`,
      )
    )[0].message_template_id;
    const templateId = await created({ name: 'Draft', communication_channel_id: 2, message_template_group_id: 2 });
    const run = await cli(
      ['message-template', 'change', templateId, '-'],
      JSON.stringify({
        name: 'Code SMS',
        communication_channel_id: 'sms',
        message_template_group_id: 2,
        plain_text_body: 'Code {{code}}',
        purpose: 'one_time_password',
      }),
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({
      message_template_id: templateId,
      communication_channel_id: 2,
      purpose: 'one_time_password',
    });
    const purposes = await t.dataSource.query(
      `SELECT message_template_id, purpose FROM message_templates WHERE message_template_id = ANY($1) ORDER BY name`,
      [[old, templateId]],
    );
    expect(purposes).toEqual([
      { message_template_id: templateId, purpose: 'one_time_password' },
      { message_template_id: old, purpose: null },
    ]);
  });

  it('lists every template and removes one, which the API then no longer shows, until activated', async () => {
    const templateId = await created({ name: 'Short-lived', communication_channel_id: 5, message_template_group_id: 1 });
    expect(await cli(['message-template', 'remove', templateId])).toEqual({
      code: 0,
      stdout: `Deactivated message template ${templateId} (state 0)\n`,
      stderr: '',
    });
    expect((await ent(`/message-templates/${templateId}`)).status).toBe(404);
    const list = await cli(['message-template', 'list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toMatch(new RegExp(`${templateId}\\s+deactivated\\s+5\\s+1\\s+-\\s+Short-lived`));
    expect(list.stdout).toMatch(/active\s+1\s+2\s+one_time_password\s+One-time password \(e-mail\)/);
    expect((await cli(['message-template', 'activate', templateId])).code).toBe(0);
    expect((await ent(`/message-templates/${templateId}`)).status).toBe(200);
  });

  it.each([
    ['bad JSON', '{"name": }', 'is not valid JSON'],
    ['a missing name', { communication_channel_id: 1, message_template_group_id: 1 }, 'name: name should not be null or undefined'],
    [
      'a channel that is none',
      { name: 'x', communication_channel_id: 3, message_template_group_id: 1 },
      'communication_channel_id: No communication channel has this id',
    ],
    [
      'a channel Tessera sends nothing on',
      { name: 'x', communication_channel_id: 'whatsapp', message_template_group_id: 1 },
      'communication_channel_id: Tessera sends no messages on this channel',
    ],
    [
      'a missing group',
      { name: 'x', communication_channel_id: 1 },
      'message_template_group_id: message_template_group_id should not be null or undefined',
    ],
    [
      'an unknown purpose',
      { name: 'x', communication_channel_id: 1, message_template_group_id: 1, purpose: 'login' },
      'purpose: purpose must be one of',
    ],
    [
      'a bad template_data entry',
      { name: 'x', communication_channel_id: 1, message_template_group_id: 1, template_data: [{ value: 'v' }] },
      'template_data.0.parameter_name',
    ],
    [
      'a read-only field',
      { name: 'x', communication_channel_id: 1, message_template_group_id: 1, last_change: '2025-01-01' },
      'last_change: property last_change should not exist',
    ],
    [
      'an id, which only change takes',
      { message_template_id: 'nope', name: 'x', communication_channel_id: 1, message_template_group_id: 1 },
      'property message_template_id should not exist',
    ],
  ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
    const before = await templateCount();
    const run = await define(definition);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(await templateCount()).toBe(before);
  });

  it.each([[['message-template']], [['message-template', 'rename']], [['message-template', 'define']], [['message-template', 'remove']]])(
    'prints a usage error and exits 2 for %j',
    async (argv) => {
      const run = await cli(argv);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('Usage:');
    },
  );
});
