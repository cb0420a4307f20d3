import { CommunicationChannelService } from '../../src/modules/reference-data';
import { TestApp } from '../support/test-app';

describe('Communication channels (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });

  afterAll(() => t.close());

  describe.each(['enterprise', 'customer'] as const)('%s interface', (iface) => {
    it('lists the seeded channels without a token, by name when asked', async () => {
      const list = await t[iface]('GET', '/communication-channels', { query: { sort_field: 'name' } });
      expect(list.status).toBe(200);
      const channels = list.body.data.communication_channels as { communication_channel_id: string; name: string; text_id: string }[];
      expect(list.body.data.total_items).toBe(8);
      expect(channels.map((channel) => channel.text_id)).toEqual([
        'email',
        'mobile_push',
        'internal_notification',
        'white_post',
        'sms',
        'viber',
        'web_push',
        'whatsapp',
      ]);
      expect(channels[0]).toEqual({ communication_channel_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'E-mail', text_id: 'email' });
      const page = await t[iface]('GET', '/communication-channels', {
        query: { sort_field: 'text_id', sort_direction: 'DESC', count: '2', offset: '1' },
      });
      expect(page.body.data.communication_channels.map((channel: { text_id: string }) => channel.text_id)).toEqual([
        'whatsapp',
        'web_push',
      ]);
      expect(page.body.data.total_items).toBe(8);
    });

    it('reads one channel, ignores a bad token, and answers 404 for an unknown or retired one', async () => {
      const email = await t.service(CommunicationChannelService).findByCode(1);
      const one = await t[iface]('GET', `/communication-channels/${email!.id}`, { token: 'not-a-token' });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual({ communication_channel_id: email!.id, name: 'E-mail', text_id: 'email' });
      expect((await t[iface]('GET', '/communication-channels/0000')).status).toBe(404);
      const whatsapp = (
        await t.dataSource.query(`SELECT communication_channel_id AS id FROM communication_channels WHERE text_id = 'whatsapp'`)
      )[0].id;
      await t.dataSource.query(`UPDATE communication_channels SET state = 0 WHERE communication_channel_id = $1`, [whatsapp]);
      try {
        expect((await t[iface]('GET', `/communication-channels/${whatsapp}`)).status).toBe(404);
      } finally {
        await t.dataSource.query(`UPDATE communication_channels SET state = 1 WHERE communication_channel_id = $1`, [whatsapp]);
      }
    });
  });

  it('resolves channels by id or by code written as a string, and refuses others naming the field', async () => {
    const channels = t.service(CommunicationChannelService);
    const sms = await channels.findByCode(2);
    expect(sms).toEqual({ id: expect.any(String), textId: 'sms', name: 'SMS', code: 2 });
    await expect(channels.requireChannel(sms!.id, 'communication_channel_id')).resolves.toEqual(sms);
    await expect(channels.requireChannel('2', 'communication_channel_id')).resolves.toEqual(sms);
    await expect(channels.requireChannel('3', 'communication_channel_id')).rejects.toMatchObject({
      details: { data: { params: [expect.objectContaining({ name: 'communication_channel_id', reason: 'not_found' })] } },
    });
  });
});
