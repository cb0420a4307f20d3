import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { loadConfig } from '../../src/config/app-config';
import { createHttpApp } from '../../src/http/create-http-app';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { cloneTemplateDatabase } from '../support/test-database';

describe('tessera CLI', () => {
  let database: { url: string; drop: () => Promise<void> };
  let workspace: CliWorkspace;

  beforeAll(async () => {
    database = await cloneTemplateDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  beforeEach(() => {
    workspace = cliWorkspace(database.url, 'app');
  });

  afterEach(() => {
    workspace.remove();
  });

  const cli = (...argv: string[]) => workspace.run(argv);

  it('creates an application and an API user that can log in', async () => {
    const app = await cli('app', 'create', '--name', 'Back office', '--interface', 'enterprise', '--json');
    expect(app).toMatchObject({ code: 0, stderr: '' });
    const appBody = JSON.parse(app.stdout);
    expect(Object.keys(appBody)).toEqual(['external_application_id']);

    const user = await cli(
      'user',
      'create',
      '--login',
      'cli-admin',
      '--password',
      'long enough password',
      '--email',
      'admin@example.test',
      '--json',
    );
    expect(user).toMatchObject({ code: 0, stderr: '' });
    const userBody = JSON.parse(user.stdout);
    expect(Object.keys(userBody).sort()).toEqual(['login', 'user_id']);
    expect(userBody.login).toBe('cli-admin');

    const http = await createHttpApp({ config: loadConfig(workspace.env), databaseUrl: database.url });
    try {
      await http.getHttpAdapter().getInstance().ready();
      const response = await http.inject({
        method: 'POST',
        url: `/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}/users/actions/login`,
        payload: { user_external_application_id: appBody.external_application_id, login: 'cli-admin', password: 'long enough password' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('prints the bare id without --json', async () => {
    const app = await cli('app', 'create', '--name', 'App', '--interface', 'customer');
    expect(app.code).toBe(0);
    expect(app.stdout).toMatch(/^\S+\n$/);
  });

  it('fails with exit code 1 and a clear message for a taken login or a short password', async () => {
    expect((await cli('user', 'create', '--login', 'twice', '--password', 'long enough password')).code).toBe(0);
    const duplicate = await cli('user', 'create', '--login', 'TWICE', '--password', 'long enough password');
    expect(duplicate.code).toBe(1);
    expect(duplicate.stdout).toBe('');
    expect(duplicate.stderr).toContain('login: An API user with this login exists');

    const short = await cli('user', 'create', '--login', 'short', '--password', 'short');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('password: The password must have at least 10 characters');
  });

  it('creates a customer with a card and refuses a second one with the same email', async () => {
    const created = await cli(
      'customer',
      'create',
      '--email',
      'jane@example.test',
      '--password',
      'Customer-pass-1',
      '--card-number',
      '900123',
      '--json',
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'jane@example.test', card_number: '900123' });

    const again = await cli('customer', 'create', '--email', 'JANE@example.test', '--password', 'Customer-pass-1');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('email: A customer with this email exists');
  });

  it('gives a customer it creates the entry status, as the API does', async () => {
    const created = await cli('customer', 'create', '--email', 'entry@example.test', '--password', 'Customer-pass-1', '--json');
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT s.text_id FROM customer_status_records r JOIN statuses s USING (status_id) WHERE r.customer_id = $1 AND r.state = 1`,
        [JSON.parse(created.stdout).customer_id],
      );
      expect(rows).toEqual([{ text_id: 'basic' }]);
    } finally {
      await db.end();
    }
  });

  it('creates nothing when the card number is taken', async () => {
    const refused = await cli(
      'customer',
      'create',
      '--email',
      'max@example.test',
      '--password',
      'Customer-pass-1',
      '--card-number',
      '900123',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('card_number: A card with this number exists');
    const retried = await cli('customer', 'create', '--email', 'max@example.test', '--password', 'Customer-pass-1');
    expect(retried.code).toBe(0);
  });

  it('migrates an up-to-date database without error', async () => {
    expect(await cli('migrate')).toEqual({ code: 0, stdout: 'The database is up to date\n', stderr: '' });
  });

  it('sets, gets and unsets a setting in the data directory', async () => {
    expect((await cli('config', 'get', 'TESSERA_TOKEN_LIFETIME')).stdout).toBe('7h\n');

    expect((await cli('config', 'set', 'tessera_token_lifetime', '30m')).code).toBe(0);
    expect(JSON.parse(readFileSync(join(workspace.dataDir, 'tessera.json'), 'utf8'))).toEqual({ TESSERA_TOKEN_LIFETIME: '30m' });
    expect((await cli('config', 'get', 'TESSERA_TOKEN_LIFETIME')).stdout).toBe('30m\n');
    expect((await cli('config', 'list')).stdout).toMatch(/TESSERA_TOKEN_LIFETIME\s+30m\s+file\s+Enterprise bearer token lifetime/);

    const invalid = await cli('config', 'set', 'TESSERA_TOKEN_LIFETIME', 'soon');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('is not a duration');

    expect((await cli('config', 'unset', 'TESSERA_TOKEN_LIFETIME')).code).toBe(0);
    expect((await cli('config', 'get', 'TESSERA_TOKEN_LIFETIME')).stdout).toBe('7h\n');
  });

  it('says a saved or removed setting reaches running servers only after a restart', async () => {
    const restart = 'Running servers read TESSERA_TOKEN_LIFETIME only at start-up: restart them for the change to take effect\n';
    expect(await cli('config', 'set', 'TESSERA_TOKEN_LIFETIME', '30m')).toEqual({
      code: 0,
      stdout: `TESSERA_TOKEN_LIFETIME saved in ${workspace.dataDir}\n${restart}`,
      stderr: '',
    });
    expect(await cli('config', 'unset', 'TESSERA_TOKEN_LIFETIME')).toEqual({
      code: 0,
      stdout: `TESSERA_TOKEN_LIFETIME removed from ${workspace.dataDir}\n${restart}`,
      stderr: '',
    });
  });

  it('lists every setting with its source and masks the database password', async () => {
    workspace.env.DATABASE_URL = 'postgres://tessera:pa55word@db.example.test:5432/tessera';
    workspace.env.TESSERA_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
    const list = await cli('config', 'list');
    expect(list.code).toBe(0);
    expect(list.stdout).not.toContain('pa55word');
    expect(list.stdout).not.toContain(workspace.env.TESSERA_SECRET_KEY);
    expect(list.stdout).toMatch(/TESSERA_SECRET_KEY\s+\*\*\*\*\s+env/);
    expect(list.stdout).toMatch(/DATABASE_URL\s+postgres:\/\/tessera:\*\*\*\*@db\.example\.test:5432\/tessera\s+env/);
    expect(list.stdout).toMatch(/PORT\s+8443\s+default/);
  });

  it('masks the SMTP password and the gateway signing keys in the list', async () => {
    workspace.env.TESSERA_SMTP_URL = 'smtp://mailer:hunter2@mail.example.test:587';
    workspace.env.TESSERA_SMS_GATEWAY_SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
    try {
      const list = await cli('config', 'list');
      expect(list.stdout).not.toContain('hunter2');
      expect(list.stdout).not.toContain(workspace.env.TESSERA_SMS_GATEWAY_SECRET);
      expect(list.stdout).toMatch(/TESSERA_SMTP_URL\s+smtp:\/\/mailer:\*\*\*\*@mail\.example\.test:587\s+env/);
      expect(list.stdout).toMatch(/TESSERA_SMS_GATEWAY_SECRET\s+\*\*\*\*\s+env/);
    } finally {
      delete workspace.env.TESSERA_SMTP_URL;
      delete workspace.env.TESSERA_SMS_GATEWAY_SECRET;
    }
  });

  it.each([
    [[]],
    [['frobnicate']],
    [['app', 'create', '--name', 'x']],
    [['app', 'create', '--name', 'x', '--interface', 'partner']],
    [['user', 'create', '--login', 'x', '--bogus', 'y']],
    [['config', 'set', 'TESSERA_TOKEN_LIFETIME']],
  ])('prints the usage and exits 2 for %j', async (argv) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage: tessera');
  });

  it('reads applications as JSON, and shows one', async () => {
    const created = await cli('app', 'create', '--name', 'Kiosk', '--interface', 'customer', '--json');
    const id = JSON.parse(created.stdout).external_application_id;
    const list = await cli('app', 'list', '--json');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(list.stdout)).toContainEqual(
      expect.objectContaining({ external_application_id: id, interface: 'customer', state: 1, name: 'Kiosk' }),
    );
    const shown = await cli('app', 'show', id, '--json');
    expect(shown.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(shown.stdout)).toMatchObject({ external_application_id: id, name: 'Kiosk' });
    // For people, indented: the file `app change` takes back.
    expect((await cli('app', 'show', id)).stdout).toContain(`\n  "external_application_id": "${id}",\n`);
    const unknown = await cli('app', 'show', 'nope');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain('"nope"');
  });

  it('rejects an unknown setting name', async () => {
    const run = await cli('config', 'get', 'NOT_A_SETTING');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown setting "NOT_A_SETTING"');
  });
});
