import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** A message template names its channel by searching the channels by name, and reads it back by the channel's code. */
describeInBrowser('Console: message templates', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  it('creates a template on a channel found by name and shows that channel when it is opened again', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Message templates' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Welcome');
    await page.getByRole('combobox', { name: 'Channel' }).fill('mail');
    await page.getByRole('option', { name: 'E-mail' }).click();
    await page.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Transactional' }).click();
    await page.getByRole('textbox', { name: 'Subject' }).fill('Welcome aboard');
    await b.screenshot(page, 'message-template-channel');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('row', { name: /Welcome/ })
      .getByRole('cell', { name: 'E-mail' })
      .waitFor();

    const { token } = await b.t.operatorToken(['owner']);
    const templates = (await b.t.operator('GET', '/message-templates', { token, query: { q: 'Welcome' } })).body.data.message_templates;
    expect(templates.map((template: any) => template.communication_channel_id)).toEqual([1]);

    await page.getByRole('cell', { name: 'Welcome', exact: true }).click();
    await page.getByRole('textbox', { name: 'Subject' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Channel' }).inputValue()).toBe('E-mail');
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
