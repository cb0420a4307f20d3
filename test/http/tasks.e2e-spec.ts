import { TaskCatalogueService, TaskCatalogueState, TaskPropertyService } from '../../src/modules/tasks';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const UNKNOWN = '0123456789abcdef0123456789abcdef';

describe('Tasks, task types, task states and task properties (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let maxDevice: string;
  let anonymousDevice: string;
  let alice: string;
  let bob: string;
  const types: Record<string, string> = {};
  const states: Record<string, string> = {};

  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const ids = (response: TestResponse, key: string, id: string): unknown[] =>
    response.body.data[key].map((record: Record<string, unknown>) => record[id]);
  const ent = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, string | string[]> } = {},
  ) => t.enterprise(method, path, { token, ...options });
  const cus = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { body?: unknown; query?: Record<string, string | string[]> } = {},
    device = janeDevice,
  ) => t.customer(method, path, { token: device, ...options });
  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
  const stateEvents = async (taskId: string): Promise<{ customer_id: string; data: Record<string, unknown> }[]> =>
    t.dataSource.query(
      `SELECT e.customer_id, e.data FROM customer_events e JOIN event_types et ON et.event_type_id = e.event_type_id
       WHERE et.text_id = 'task_state_change' AND e.external_id = $1 ORDER BY e.created_at, e.event_id`,
      [taskId],
    );
  const tables = ['tasks', 'task_property_records', 'task_assignees', 'customer_events'];
  const counts = () => Promise.all(tables.map(count));

  const task = (fields: Record<string, unknown> = {}) => ({
    task_type_id: types.complaint,
    task_state_id: states.new,
    customer_id: jane.customerId,
    task_title: 'Broken zipper',
    task_priority: 3,
    ...fields,
  });
  const SOURCE = { property_id: 'source', property_value: 'phone' };

  /** Creates a task on the Enterprise interface and returns its id. */
  async function createTask(fields: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> {
    const response = await ent('POST', '/tasks', { body: { task: task(fields), property_records: [SOURCE], ...extra } });
    expect(response.status).toBe(201);
    return response.body.data.task_id as string;
  }

  /** A 400 that wrote nothing, with exactly these problems. */
  async function refused(response: Promise<TestResponse>, params: object[]): Promise<void> {
    const before = await counts();
    const answer = await response;
    expect(answer.status).toBe(400);
    expect(invalidParams(answer)).toEqual(params.map((param) => expect.objectContaining(param)));
    expect(await counts()).toEqual(before);
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    jane = await t.createCustomer();
    max = await t.createCustomer();
    janeDevice = await t.deviceToken(jane);
    maxDevice = await t.deviceToken(max);
    anonymousDevice = await t.deviceToken();
    alice = (await t.createApiUser('alice-tasks')).userId;
    bob = (await t.createApiUser('bob-tasks')).userId;
    await t.dataSource.query(`UPDATE api_users SET first_name = 'Alice', last_name = 'Liddell' WHERE user_id = $1`, [alice]);
    const catalogue = t.service(TaskCatalogueService);
    await t.dataSource.transaction(async (m) => {
      await catalogue.insertState({ textId: 'paused', name: 'Paused', state: TaskCatalogueState.Inactive }, m);
      await catalogue.setStateState(await catalogue.insertState({ textId: 'gone', name: 'Gone' }, m), TaskCatalogueState.Deleted, m);
      await catalogue.insertType({ textId: 'retired', name: 'Retired type', state: TaskCatalogueState.Inactive }, m);
    });
    for (const row of await t.dataSource.query('SELECT task_type_id AS id, text_id FROM task_types')) types[row.text_id] = row.id;
    for (const row of await t.dataSource.query('SELECT task_state_id AS id, text_id FROM task_states')) states[row.text_id] = row.id;
    const properties = t.service(TaskPropertyService);
    const property = (propertyId: string, dataType: string, extra: object = {}) =>
      properties.define({ propertyId, name: propertyId, dataType, isRequired: false, isUnique: false, items: [], ...extra });
    await property('source', 'string', { name: 'Source', isRequired: true });
    await property('ticket', 'string', { name: 'Ticket number', isUnique: true });
    await property('urgency', 'enum', {
      name: 'Urgency',
      items: [
        { id: 'low', name: 'Low' },
        { id: 'high', name: 'High' },
      ],
    });
    await property('visits', 'integer', { name: 'Visits' });
    await property('retired', 'string');
    await properties.remove('retired');
  });

  afterAll(async () => {
    await t.close();
  });

  describe('task types and task states', () => {
    it('lists the seeded types and the states in every state on both interfaces, sorted and paged', async () => {
      const all = await ent('GET', '/task-types', { query: { sort_field: 'text_id' } });
      expect(all.status).toBe(200);
      expect(all.body.data.total_items).toBe(3);
      expect(all.body.data.task_types[0]).toEqual({ task_type_id: types.complaint, name: 'Complaint', text_id: 'complaint', state: 1 });
      expect(ids(all, 'task_types', 'text_id')).toEqual(['complaint', 'customer_care', 'retired']);
      const page = await cus(
        'GET',
        '/task-types',
        { query: { sort_field: 'name', sort_direction: 'DESC', count: '1', offset: '1' } },
        anonymousDevice,
      );
      expect(page.body.data).toEqual({ task_types: [expect.objectContaining({ name: 'Customer care' })], total_items: 3 });

      const stateList = await cus('GET', '/task-states', { query: { sort_field: 'text_id' } }, anonymousDevice);
      expect(ids(stateList, 'task_states', 'text_id')).toEqual(['cancelled', 'gone', 'in_progress', 'new', 'paused', 'resolved']);
      expect(ids(stateList, 'task_states', 'state')).toEqual([1, 0, 1, 1, 2, 1]);
      expect((await ent('GET', '/task-states', { query: { sort_field: 'color' } })).status).toBe(400);
    });

    it('reads one type and one state, 404 for unknown ids', async () => {
      expect((await cus('GET', `/task-types/${types.customer_care}`, {}, anonymousDevice)).body.data).toEqual({
        task_type_id: types.customer_care,
        name: 'Customer care',
        text_id: 'customer_care',
        state: 1,
      });
      expect((await ent('GET', `/task-states/${states.cancelled}`)).body.data).toEqual({
        task_state_id: states.cancelled,
        name: 'Cancelled',
        text_id: 'cancelled',
        state: 1,
      });
      const missingType = await ent('GET', `/task-types/${UNKNOWN}`);
      expect(missingType.status).toBe(404);
      expect(missingType.body.error.error_data).toMatchObject({ resource_name: 'task-types', resource_id: UNKNOWN });
      expect((await cus('GET', `/task-states/${UNKNOWN}`)).status).toBe(404);
    });
  });

  describe('task properties', () => {
    it('lists the properties with a name filter and reads one with its items', async () => {
      const all = await ent('GET', '/task-properties');
      expect(ids(all, 'task_properties', 'property_id')).toEqual(['retired', 'source', 'ticket', 'urgency', 'visits']);
      expect(
        ids(await cus('GET', '/task-properties', { query: { name: 'NUMBER' } }, anonymousDevice), 'task_properties', 'property_id'),
      ).toEqual(['ticket']);
      const urgency = await cus('GET', '/task-properties/urgency');
      expect(urgency.body.data).toEqual({
        property_id: 'urgency',
        name: 'Urgency',
        data_type: 'enum',
        items: [
          { id: 'high', name: 'High', state: 1 },
          { id: 'low', name: 'Low', state: 1 },
        ],
        is_required: false,
        is_unique: false,
        last_change: expect.stringMatching(DATE_TIME),
        state: 1,
      });
      const missing = await ent('GET', '/task-properties/shoe_size');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'task-properties', resource_id: 'shoe_size' });
    });
  });

  describe('creating tasks', () => {
    it('stores a task with its property values and assignees, and writes its first state change event', async () => {
      const before = await counts();
      const created = await ent('POST', '/tasks', {
        body: {
          task: task({ task_note: 'Customer wants a refund', due_date: '2030-05-01', task_id: 'ignored', state: 0 }),
          property_records: [SOURCE, { property_id: 'urgency', property_value: 'high' }, { property_id: 'visits', property_value: '3' }],
          assignees: [{ user_id: alice }, { user_id: bob }],
        },
      });
      expect(created.status).toBe(201);
      const taskId = created.body.data.task_id as string;
      expect(taskId).toMatch(/^[0-9a-f]{32}$/);
      expect(await counts()).toEqual([before[0] + 1, before[1] + 3, before[2] + 2, before[3] + 1]);

      const read = await ent('GET', `/tasks/${taskId}`);
      expect(read.body.data).toEqual({
        task_id: taskId,
        task_type_id: types.complaint,
        task_state_id: states.new,
        customer_id: jane.customerId,
        task_note: 'Customer wants a refund',
        task_title: 'Broken zipper',
        task_priority: 3,
        due_date: '2030-05-01',
        created_at: expect.stringMatching(DATE_TIME),
        state: 1,
      });
      const records = await cus('GET', `/tasks/${taskId}/property-records`);
      expect(records.body.data).toEqual({
        property_records: [
          {
            property_record_id: `source:${taskId}`,
            property_id: 'source',
            property_name: 'Source',
            property_value: 'phone',
            last_change: expect.stringMatching(DATE_TIME),
          },
          expect.objectContaining({ property_id: 'urgency', property_value: 'high' }),
          expect.objectContaining({ property_id: 'visits', property_value: 3 }),
        ],
        total_items: 3,
      });
      expect(await stateEvents(taskId)).toEqual([
        { customer_id: jane.customerId, data: { task_id: taskId, previous_task_state_id: null, task_state_id: states.new } },
      ]);
    });

    it('on the Customer interface creates a task of the logged-in customer, who need not be named', async () => {
      const created = await cus('POST', '/tasks', { body: { task: task({ customer_id: undefined }), property_records: [SOURCE] } });
      expect(created.status).toBe(201);
      const [row] = await t.dataSource.query('SELECT customer_id FROM tasks WHERE task_id = $1', [created.body.data.task_id]);
      expect(row.customer_id).toBe(jane.customerId);
    });

    it('refuses on the Customer interface another customer, assignees, and a device without a customer', async () => {
      await refused(cus('POST', '/tasks', { body: { task: task({ customer_id: max.customerId }), property_records: [SOURCE] } }), [
        { name: 'task.customer_id', reason: 'not_belong_to_logged_in_customer' },
      ]);
      await refused(cus('POST', '/tasks', { body: { task: task(), property_records: [SOURCE], assignees: [{ user_id: alice }] } }), [
        { name: 'assignees', reason: 'not_allowed_value' },
      ]);
      const anonymous = await cus('POST', '/tasks', { body: { task: task(), property_records: [SOURCE] } }, anonymousDevice);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });

    it('refuses bad tasks, naming the field, and writes nothing', async () => {
      const post = (body: unknown) => ent('POST', '/tasks', { body });
      await refused(post({ task: task({ customer_id: undefined }), property_records: [SOURCE] }), [
        { name: 'task.customer_id', reason: 'required' },
      ]);
      await refused(post({ task: task({ customer_id: UNKNOWN }), property_records: [SOURCE] }), [
        { name: 'task.customer_id', reason: 'not_found' },
      ]);
      await refused(post({ task: task({ task_type_id: UNKNOWN }), property_records: [SOURCE] }), [
        { name: 'task.task_type_id', reason: 'not_found' },
      ]);
      await refused(post({ task: task({ task_type_id: types.retired }), property_records: [SOURCE] }), [
        { name: 'task.task_type_id', reason: 'not_allowed_value' },
      ]);
      await refused(post({ task: task({ task_state_id: UNKNOWN }), property_records: [SOURCE] }), [
        { name: 'task.task_state_id', reason: 'not_found' },
      ]);
      await refused(post({ task: task({ task_state_id: states.paused }), property_records: [SOURCE] }), [
        { name: 'task.task_state_id', reason: 'not_allowed_value' },
      ]);
      await refused(post({ task: task({ task_state_id: states.gone }), property_records: [SOURCE] }), [
        { name: 'task.task_state_id', reason: 'deleted' },
      ]);
      await refused(post({ task: task({ task_priority: 5 }), property_records: [SOURCE] }), [{ name: 'task.task_priority' }]);
      await refused(post({ task: task({ due_date: '2030-02-30' }), property_records: [SOURCE] }), [{ name: 'task.due_date' }]);
      await refused(post({ task: task({ task_title: undefined }), property_records: [SOURCE] }), [{ name: 'task.task_title' }]);
      await refused(post({ task: task({ colour: 'red' }), property_records: [SOURCE] }), [
        { name: 'task.colour', reason: 'not_allowed_value' },
      ]);
      await refused(
        post({ task: task(), property_records: [SOURCE], assignees: [{ user_id: UNKNOWN }, { user_id: alice }, { user_id: alice }] }),
        [
          { name: 'assignees.0.user_id', reason: 'not_found' },
          { name: 'assignees.2.user_id', reason: 'relation_already_exists' },
        ],
      );
    });

    it('checks property values against the task property catalogue', async () => {
      const post = (records: unknown[]) => ent('POST', '/tasks', { body: { task: task(), property_records: records } });
      await refused(post([]), [{ name: 'property_records', reason: 'required' }]);
      await refused(post([SOURCE, { property_id: 'shoe_size', property_value: 'x' }]), [
        { name: 'property_records.1.property_id', reason: 'not_found' },
      ]);
      await refused(post([SOURCE, { property_id: 'retired', property_value: 'x' }]), [
        { name: 'property_records.1.property_id', reason: 'deleted' },
      ]);
      await refused(post([SOURCE, SOURCE]), [{ name: 'property_records.1.property_id', reason: 'not_allowed_value' }]);
      await refused(
        post([SOURCE, { property_id: 'urgency', property_value: 'medium' }, { property_id: 'visits', property_value: 'many' }]),
        [
          { name: 'property_records.1.property_value', reason: 'invalid_value_format' },
          { name: 'property_records.2.property_value', reason: 'invalid_value_format' },
        ],
      );
      expect((await post([SOURCE, { property_id: 'ticket', property_value: 'T-1' }])).status).toBe(201);
      await refused(post([SOURCE, { property_id: 'ticket', property_value: 'T-1' }]), [
        { name: 'property_records.1.property_value', reason: 'already_exists' },
      ]);
    });
  });

  describe('listing tasks', () => {
    const listed: Record<string, string> = {};

    beforeAll(async () => {
      await t.dataSource.query('DELETE FROM tasks');
      listed.a = await createTask({
        task_title: 'Invoice copy',
        task_note: 'Send the March INVOICE',
        task_priority: 1,
        due_date: '2031-01-10',
      });
      listed.b = await createTask({ task_title: 'Lost card', task_type_id: types.customer_care, task_priority: 4 });
      listed.c = await createTask({
        task_title: 'Invoice address',
        customer_id: max.customerId,
        task_state_id: states.in_progress,
        due_date: '2031-01-10',
      });
    });

    it('filters by type, state, customer, priority, due date and parts of the title and note', async () => {
      const list = (query: Record<string, string>) => ent('GET', '/tasks', { query }).then((response) => ids(response, 'tasks', 'task_id'));
      expect(await list({})).toEqual([listed.a, listed.b, listed.c]);
      expect(await list({ task_type_id: types.customer_care })).toEqual([listed.b]);
      expect(await list({ task_state_id: states.in_progress })).toEqual([listed.c]);
      expect(await list({ customer_id: max.customerId })).toEqual([listed.c]);
      expect(await list({ priority: '1' })).toEqual([listed.a]);
      expect(await list({ due_date: '2031-01-10' })).toEqual([listed.a, listed.c]);
      expect(await list({ task_title: 'invoice' })).toEqual([listed.a, listed.c]);
      expect(await list({ task_title: 'VOICE ADD' })).toEqual([listed.c]);
      expect(await list({ task_note: 'march invoice' })).toEqual([listed.a]);
      expect(await list({ task_title: '%' })).toEqual([]);
      const bad = await ent('GET', '/tasks', { query: { priority: '7', due_date: 'tomorrow' } });
      expect(bad.status).toBe(400);
      expect(invalidParams(bad)).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'priority' }), expect.objectContaining({ name: 'due_date' })]),
      );
    });

    it('sorts and pages with total_items', async () => {
      const page = await ent('GET', '/tasks', { query: { sort_field: 'task_priority', sort_direction: 'DESC', count: '2', offset: '0' } });
      expect(page.body.data.total_items).toBe(3);
      expect(ids(page, 'tasks', 'task_id')).toEqual([listed.b, listed.c]);
      const next = await ent('GET', '/tasks', { query: { sort_field: 'task_priority', sort_direction: 'DESC', count: '2', offset: '2' } });
      expect(ids(next, 'tasks', 'task_id')).toEqual([listed.a]);
      expect((await ent('GET', '/tasks', { query: { sort_field: 'colour' } })).status).toBe(400);
    });

    it("shows a customer their own tasks only, and 404 for another customer's task", async () => {
      const own = await cus('GET', '/tasks');
      expect(own.body.data.total_items).toBe(2);
      expect(ids(own, 'tasks', 'task_id')).toEqual([listed.a, listed.b]);
      expect(ids(await cus('GET', '/tasks', { query: { task_title: 'invoice' } }, maxDevice), 'tasks', 'task_id')).toEqual([listed.c]);
      const foreign = await cus('GET', '/tasks', { query: { customer_id: max.customerId } });
      expect(foreign.status).toBe(400);
      expect(invalidParams(foreign)).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      expect((await cus('GET', `/tasks/${listed.c}`)).status).toBe(404);
      expect((await cus('GET', `/tasks/${listed.c}/property-records`)).status).toBe(404);
      expect((await cus('GET', `/tasks/${listed.a}`)).body.data.task_id).toBe(listed.a);
      expect((await cus('GET', '/tasks', {}, anonymousDevice)).status).toBe(403);
      const missing = await ent('GET', `/tasks/${UNKNOWN}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'tasks', resource_id: UNKNOWN });
    });
  });

  describe('the task workflow (PUT)', () => {
    const put = (taskId: string, fields: Record<string, unknown>, device?: string) =>
      device
        ? cus('PUT', `/tasks/${taskId}`, { body: { task: task(fields) } }, device)
        : ent('PUT', `/tasks/${taskId}`, { body: { task: task(fields) } });
    const stateOf = async (taskId: string): Promise<string> =>
      (await t.dataSource.query('SELECT task_state_id FROM tasks WHERE task_id = $1', [taskId]))[0].task_state_id;

    it('moves through every allowed step, back included, each move writing one event', async () => {
      const taskId = await createTask();
      const steps = ['in_progress', 'resolved', 'in_progress', 'new', 'resolved', 'cancelled'];
      for (const step of steps) {
        expect((await put(taskId, { task_state_id: states[step] })).status).toBe(204);
        expect(await stateOf(taskId)).toBe(states[step]);
      }
      const events = await stateEvents(taskId);
      expect(events.map((event) => event.data.task_state_id)).toEqual([states.new, ...steps.map((step) => states[step])]);
      expect(events.map((event) => event.data.previous_task_state_id)).toEqual([
        null,
        states.new,
        ...steps.slice(0, -1).map((step) => states[step]),
      ]);
    });

    it('refuses leaving a final state and moving into an inactive or removed state, changing nothing', async () => {
      const cancelled = await createTask({ task_state_id: states.cancelled });
      await refused(put(cancelled, { task_state_id: states.new }), [{ name: 'task.task_state_id', reason: 'not_allowed_value' }]);
      expect(await stateOf(cancelled)).toBe(states.cancelled);
      // Staying in the final state is no move: the other fields may still change.
      expect((await put(cancelled, { task_state_id: states.cancelled, task_title: 'Closed for good' })).status).toBe(204);
      expect((await ent('GET', `/tasks/${cancelled}`)).body.data.task_title).toBe('Closed for good');

      const open = await createTask();
      await refused(put(open, { task_state_id: states.paused }), [{ name: 'task.task_state_id', reason: 'not_allowed_value' }]);
      await refused(put(open, { task_state_id: states.gone }), [{ name: 'task.task_state_id', reason: 'deleted' }]);
      await refused(put(open, { task_state_id: UNKNOWN }), [{ name: 'task.task_state_id', reason: 'not_found' }]);
      expect(await stateOf(open)).toBe(states.new);
      expect(await stateEvents(open)).toHaveLength(1);
    });

    it('replaces the whole task: fields left out are cleared, property values and assignees stay', async () => {
      const taskId = await createTask({ task_note: 'Note', due_date: '2030-01-01' }, { assignees: [{ user_id: alice }] });
      expect((await put(taskId, { task_title: 'Renamed', task_priority: 2, task_type_id: types.customer_care })).status).toBe(204);
      const read = (await ent('GET', `/tasks/${taskId}`)).body.data;
      expect(read).toMatchObject({ task_title: 'Renamed', task_priority: 2, task_type_id: types.customer_care, task_state_id: states.new });
      expect(read).not.toHaveProperty('task_note');
      expect(read).not.toHaveProperty('due_date');
      expect((await ent('GET', `/tasks/${taskId}/property-records`)).body.data.total_items).toBe(1);
      expect((await ent('GET', `/tasks/${taskId}/assignees`)).body.data.total_items).toBe(1);
      expect(await stateEvents(taskId)).toHaveLength(1);
      await refused(put(taskId, { task_type_id: types.retired }), [{ name: 'task.task_type_id', reason: 'not_allowed_value' }]);
      await refused(put(taskId, { customer_id: undefined }), [{ name: 'task.customer_id', reason: 'required' }]);
      expect((await ent('PUT', `/tasks/${UNKNOWN}`, { body: { task: task() } })).status).toBe(404);
    });

    it("lets a customer move their own task only; another's is 404", async () => {
      const janes = await createTask();
      expect((await put(janes, { customer_id: undefined, task_state_id: states.in_progress }, janeDevice)).status).toBe(204);
      expect(await stateOf(janes)).toBe(states.in_progress);
      expect((await put(janes, { customer_id: undefined, task_state_id: states.resolved }, maxDevice)).status).toBe(404);
      await refused(put(janes, { customer_id: max.customerId }, janeDevice), [
        { name: 'task.customer_id', reason: 'not_belong_to_logged_in_customer' },
      ]);
      expect(await stateOf(janes)).toBe(states.in_progress);
    });
  });

  describe('comments', () => {
    let taskId: string;
    let otherTask: string;

    beforeAll(async () => {
      taskId = await createTask();
      otherTask = await createTask({ customer_id: max.customerId });
    });

    it('adds comments on both interfaces, taking the task from the path, and lists them with a text filter', async () => {
      const first = await ent('POST', `/tasks/${taskId}/task-comments`, {
        body: { task_comment: { text: 'Called the customer', task_id: otherTask } },
      });
      expect(first.status).toBe(201);
      const second = await cus('POST', `/tasks/${taskId}/task-comments`, {
        body: { task_comment: { text: 'Thanks, waiting for the CALL back' } },
      });
      expect(second.status).toBe(201);
      const [stored] = await t.dataSource.query('SELECT task_id FROM task_comments WHERE task_comment_id = $1', [
        first.body.data.task_comment_id,
      ]);
      expect(stored.task_id).toBe(taskId);

      const all = await cus('GET', `/tasks/${taskId}/task-comments`);
      expect(all.body.data.total_items).toBe(2);
      expect(all.body.data.task_comments[0]).toEqual({
        task_comment_id: first.body.data.task_comment_id,
        task_id: taskId,
        text: 'Called the customer',
        last_change: expect.stringMatching(DATE_TIME),
        state: 1,
      });
      expect(
        ids(
          await ent('GET', `/tasks/${taskId}/task-comments`, { query: { task_comment_text: 'call back' } }),
          'task_comments',
          'task_comment_id',
        ),
      ).toEqual([second.body.data.task_comment_id]);
      const paged = await ent('GET', `/tasks/${taskId}/task-comments`, {
        query: { sort_field: 'text', sort_direction: 'DESC', count: '1' },
      });
      expect(paged.body.data).toEqual({
        task_comments: [expect.objectContaining({ text: 'Thanks, waiting for the CALL back' })],
        total_items: 2,
      });

      const one = await cus('GET', `/tasks/${taskId}/task-comments/${second.body.data.task_comment_id}`);
      expect(one.body.data.text).toBe('Thanks, waiting for the CALL back');
      expect((await ent('GET', `/tasks/${otherTask}/task-comments/${second.body.data.task_comment_id}`)).status).toBe(404);
    });

    it("refuses empty comments and another customer's task", async () => {
      const before = await count('task_comments');
      const empty = await ent('POST', `/tasks/${taskId}/task-comments`, { body: { task_comment: { text: '' } } });
      expect(empty.status).toBe(400);
      expect(invalidParams(empty)).toEqual([expect.objectContaining({ name: 'task_comment.text' })]);
      expect((await cus('POST', `/tasks/${otherTask}/task-comments`, { body: { task_comment: { text: 'Hi' } } })).status).toBe(404);
      expect((await cus('GET', `/tasks/${otherTask}/task-comments`)).status).toBe(404);
      expect((await ent('POST', `/tasks/${UNKNOWN}/task-comments`, { body: { task_comment: { text: 'Hi' } } })).status).toBe(404);
      expect(await count('task_comments')).toBe(before);
    });
  });

  describe('assignees', () => {
    let taskId: string;

    beforeAll(async () => {
      taskId = await createTask({}, { assignees: [{ user_id: alice }] });
    });

    it('lists and reads assignees with the user names on both interfaces', async () => {
      const list = await cus('GET', `/tasks/${taskId}/assignees`);
      expect(list.body.data).toEqual({
        task_assignees: [
          { task_assignee_id: expect.any(String), user_id: alice, name: 'Alice Liddell', last_change: expect.stringMatching(DATE_TIME) },
        ],
        total_items: 1,
      });
      const assigneeId = list.body.data.task_assignees[0].task_assignee_id as string;
      expect((await ent('GET', `/tasks/${taskId}/assignees/${assigneeId}`)).body.data).toEqual(list.body.data.task_assignees[0]);
      expect((await cus('GET', `/tasks/${taskId}/assignees/${assigneeId}`, {}, maxDevice)).status).toBe(404);
      expect((await ent('GET', `/tasks/${taskId}/assignees/${UNKNOWN}`)).status).toBe(404);
    });

    it('assigns and takes off users on the Enterprise interface only', async () => {
      const added = await ent('POST', `/tasks/${taskId}/assignees`, { body: { task_assignee: { user_id: bob } } });
      expect(added.status).toBe(201);
      const assigneeId = added.body.data.task_assignee_id as string;
      const listed = await ent('GET', `/tasks/${taskId}/assignees`, { query: { sort_field: 'user_id' } });
      expect(ids(listed, 'task_assignees', 'user_id')).toEqual([alice, bob].sort());
      expect(listed.body.data.task_assignees.find((row: { user_id: string }) => row.user_id === bob).name).toBe('Test User');

      const again = await ent('POST', `/tasks/${taskId}/assignees`, { body: { task_assignee: { user_id: bob } } });
      expect(again.status).toBe(400);
      expect(invalidParams(again)).toEqual([expect.objectContaining({ name: 'task_assignee.user_id', reason: 'relation_already_exists' })]);
      const unknown = await ent('POST', `/tasks/${taskId}/assignees`, { body: { task_assignee: { user_id: UNKNOWN } } });
      expect(invalidParams(unknown)).toEqual([expect.objectContaining({ name: 'task_assignee.user_id', reason: 'not_found' })]);
      expect((await ent('POST', `/tasks/${UNKNOWN}/assignees`, { body: { task_assignee: { user_id: bob } } })).status).toBe(404);

      const viaCustomer = await cus('POST', `/tasks/${taskId}/assignees`, { body: { task_assignee: { user_id: bob } } });
      expect(viaCustomer.status).toBe(403);
      expect(viaCustomer.body.error.type).toBe('interface_not_allowed_exception');
      expect((await cus('DELETE', `/tasks/${taskId}/assignees/${assigneeId}`)).status).toBe(403);

      expect((await ent('DELETE', `/tasks/${taskId}/assignees/${assigneeId}`)).status).toBe(204);
      expect(await count(`task_assignees WHERE task_assignee_id = '${assigneeId}'`)).toBe(0);
      expect((await ent('DELETE', `/tasks/${taskId}/assignees/${assigneeId}`)).status).toBe(404);
      expect((await ent('GET', `/tasks/${taskId}/assignees`)).body.data.total_items).toBe(1);
    });
  });
});
