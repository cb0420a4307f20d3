import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

describe('tessera task-type and task-state list|show|define|change|remove|activate, and task-property list|show|define|change|remove|activate', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const define = (command: string, definition: object | string): Promise<CliRun> => workspace.runWithFile([command, 'define'], definition);
  const row = async (table: string, textId: string): Promise<Record<string, unknown>> =>
    (await t.dataSource.query(`SELECT * FROM ${table} WHERE text_id = $1`, [textId]))[0];

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'task-catalogues');
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  describe('task-type', () => {
    it('lists the seeded types', async () => {
      const list = await cli(['task-type', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^TASK TYPE ID\s+TEXT ID\s+STATE\s+NAME$/);
      expect(lines.slice(1).map((line) => line.split(/\s+/).slice(1, 3))).toEqual([
        ['complaint', 'active'],
        ['customer_care', 'active'],
      ]);
    });

    it('creates a type, changes and removes it by text id or id, and the API serves it', async () => {
      const created = await define('task-type', { text_id: 'return', name: 'Return' });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const typeId = created.stdout.trim();
      expect((await ent(`/task-types/${typeId}`)).body.data).toEqual({ task_type_id: typeId, name: 'Return', text_id: 'return', state: 1 });

      const updated = await workspace.run(
        ['task-type', 'change', 'return', '-'],
        JSON.stringify({ text_id: 'return', name: 'Product return', state: 2 }),
      );
      expect(updated).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(updated.stdout)).toMatchObject({ task_type_id: typeId, name: 'Product return', state: 2 });
      expect((await ent(`/task-types/${typeId}`)).body.data).toMatchObject({ name: 'Product return', state: 2 });
      const shown = await cli(['task-type', 'show', typeId, '--json']);
      expect(JSON.parse(shown.stdout)).toMatchObject({ text_id: 'return', state: 2 });
      expect(await define('task-type', { text_id: 'return', name: 'Again' })).toMatchObject({
        code: 1,
        stderr: 'Error: text_id: Another task type has this text id\n',
      });

      expect(await cli(['task-type', 'remove', 'return'])).toEqual({
        code: 0,
        stdout: 'Deactivated task type return (state 0)\n',
        stderr: '',
      });
      expect((await ent(`/task-types/${typeId}`)).body.data.state).toBe(0);
      expect((await cli(['task-type', 'list'])).stdout).toMatch(new RegExp(`^${typeId}\\s+return\\s+removed\\s+Product return$`, 'm'));
      expect((await cli(['task-type', 'activate', typeId])).code).toBe(0);
      expect((await ent(`/task-types/${typeId}`)).body.data.state).toBe(1);
      expect(await cli(['task-type', 'remove', 'nowhere'])).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Error: No task-types record has the id "nowhere"\n',
      });
    });

    it('refuses bad definitions and writes nothing', async () => {
      const before = await t.dataSource.query('SELECT count(*) FROM task_types');
      const badId = await define('task-type', { text_id: 'Has Spaces', name: 'x' });
      expect(badId.code).toBe(1);
      expect(badId.stderr).toContain('text_id');
      const unknownField = await define('task-type', { text_id: 'ok', name: 'x', is_final: true });
      expect(unknownField.code).toBe(1);
      expect(unknownField.stderr).toContain('is_final');
      expect((await define('task-type', '{nope')).code).toBe(1);
      expect(await t.dataSource.query('SELECT count(*) FROM task_types')).toEqual(before);
    });
  });

  describe('task-state', () => {
    it('lists the seeded states, cancelled being final', async () => {
      const list = await cli(['task-state', 'list']);
      expect(list).toMatchObject({ code: 0, stderr: '' });
      const lines = list.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^TASK STATE ID\s+TEXT ID\s+STATE\s+FINAL\s+NAME$/);
      expect(lines.slice(1).map((line) => line.split(/\s+/).slice(1, 4))).toEqual([
        ['cancelled', 'active', 'yes'],
        ['in_progress', 'active', 'no'],
        ['new', 'active', 'no'],
        ['resolved', 'active', 'no'],
      ]);
    });

    it('defines a final state, changes it to not final, and removes it', async () => {
      const created = await define('task-state', { text_id: 'archived', name: 'Archived', is_final: true });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      expect(await row('task_states', 'archived')).toMatchObject({ is_final: true, state: 1, name: 'Archived' });
      const changed = await workspace.runWithFile(['task-state', 'change', 'archived'], { text_id: 'archived', name: 'Archived' });
      expect(JSON.parse(changed.stdout)).toMatchObject({ task_state_id: created.stdout.trim(), is_final: false });
      expect(await row('task_states', 'archived')).toMatchObject({ is_final: false });
      expect(await cli(['task-state', 'remove', 'archived'])).toEqual({
        code: 0,
        stdout: 'Deactivated task state archived (state 0)\n',
        stderr: '',
      });
      expect(await row('task_states', 'archived')).toMatchObject({ state: 0 });
      expect((await cli(['task-state', 'frobnicate'])).code).toBe(2);
    });
  });

  describe('task-property', () => {
    it('defines, lists and deactivates a task property, which the API serves', async () => {
      const created = await define('task-property', {
        property_id: 'channel',
        name: 'Channel',
        data_type: 'enum',
        is_required: true,
        items: [
          { id: 'web', name: 'Web' },
          { id: 'phone', name: 'Phone' },
        ],
      });
      expect(created).toEqual({ code: 0, stdout: 'channel\n', stderr: '' });
      expect((await ent('/task-properties/channel')).body.data).toMatchObject({
        name: 'Channel',
        data_type: 'enum',
        is_required: true,
        state: 1,
      });
      const list = await cli(['task-property', 'list']);
      expect(list.stdout).toMatch(/channel\s+enum\s+yes\s+no\s+active\s+phone=Phone, web=Web\s+Channel/);
      expect(await cli(['task-property', 'remove', 'channel'])).toEqual({
        code: 0,
        stdout: 'Deactivated task property channel (state 0)\n',
        stderr: '',
      });
      expect((await ent('/task-properties/channel')).body.data.state).toBe(0);
      const refused = await define('task-property', { property_id: 'size', name: 'Size', data_type: 'colour' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('data_type');
    });
  });
});
