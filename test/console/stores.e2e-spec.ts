import type { Page } from 'playwright-core';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** A store defined in the console with its partner searched by name, its address, GPS position and opening hours. */
describeInBrowser('Console: stores', () => {
  let b: ConsoleBrowser;
  let token: string;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
    token = (await b.t.operatorToken(['owner'])).token;
    await b.t.operator('POST', '/partners', { token, body: { name: 'Tea House Ltd.' } });
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  /** The message beneath an input: a value the form or the server refuses is marked there. */
  async function fieldMessage(page: Page, label: string): Promise<string> {
    const described = await page.getByRole('textbox', { name: label, exact: true }).getAttribute('aria-describedby');
    return (await page.locator(`[id="${described}"]`).textContent()) ?? '';
  }

  /** Adds an interval to the `day`-th opening day. */
  async function addInterval(page: Page, day: number, from: string, to: string) {
    const days = page.locator('.RaSimpleFormIterator-line').filter({ has: page.getByRole('combobox', { name: 'Day' }) });
    const intervals = days.nth(day).locator('.RaSimpleFormIterator-line');
    const before = await intervals.count();
    await days.nth(day).getByRole('button', { name: 'Add' }).last().click();
    await intervals.nth(before).getByLabel('Opens').fill(from);
    await intervals.nth(before).getByLabel('Closes').fill(to);
  }

  async function addDay(page: Page, name: string) {
    await page.getByRole('button', { name: 'Add' }).last().click();
    await page.getByRole('combobox', { name: 'Day' }).last().click();
    await page.getByRole('option', { name }).click();
  }

  it('creates a store with its address, GPS position and opening hours in the shape the operator API takes', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Stores' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Prague Centre');
    await page.getByRole('textbox', { name: 'Store code' }).fill('PRG-01');
    await page.getByRole('combobox', { name: 'Partner' }).fill('tea');
    await page.getByRole('option', { name: 'Tea House Ltd.' }).click();
    await page.getByRole('textbox', { name: 'System id' }).fill('pos-main');

    await page.getByRole('textbox', { name: 'Street and number' }).fill('Na Příkopě 1');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('11000');
    await page.getByRole('textbox', { name: 'City' }).fill('Praha');
    await page.getByRole('textbox', { name: 'Country' }).fill('xx');

    await page.getByRole('spinbutton', { name: 'Latitude' }).fill('95');
    await page.getByText('Must be 90 or less').waitFor();
    await page.getByRole('spinbutton', { name: 'Latitude' }).fill('50.0865');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Latitude and longitude go together').waitFor();
    await page.getByRole('spinbutton', { name: 'Longitude' }).fill('14.4212');

    await addDay(page, 'Monday');
    await addInterval(page, 0, '08:00', '12:00');
    await addInterval(page, 0, '13:00', '12:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Each interval closes after it opens').waitFor();
    const monday = page
      .locator('.RaSimpleFormIterator-line')
      .filter({ has: page.getByRole('combobox', { name: 'Day' }) })
      .first();
    await monday.locator('.RaSimpleFormIterator-line').nth(1).getByLabel('Closes').fill('17:30');
    await addDay(page, 'Saturday');
    await addInterval(page, 1, '09:00', '12:00');
    await b.screenshot(page, 'store-create');

    // The server knows no country xx: its refusal lands beneath the country.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.Mui-error', { hasText: 'No country has this code' }).first().waitFor();
    expect(await fieldMessage(page, 'Country')).toBe('No country has this code');
    await page.getByRole('textbox', { name: 'Country' }).fill('cz');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'PRG-01' }).waitFor();

    const store = (await b.t.operator('GET', '/stores/PRG-01', { token })).body.data;
    expect(store).toMatchObject({
      name: 'Prague Centre',
      system_id: 'pos-main',
      store_address: { address1: 'Na Příkopě 1', zip: '11000', city: 'Praha', country_code: 'cz' },
      gps_coordinates: { gps_latitude: 50.0865, gps_longitude: 14.4212 },
      opening: [
        {
          day_id: 'MON',
          time_intervals: [
            { from: '08:00:00', to: '12:00:00' },
            { from: '13:00:00', to: '17:30:00' },
          ],
        },
        { day_id: 'SAT', time_intervals: [{ from: '09:00:00', to: '12:00:00' }] },
      ],
    });

    // Changed back in the form: the hours read as they were written, and a cleared position is none.
    await page.getByRole('cell', { name: 'PRG-01' }).click();
    expect(await page.getByLabel('Opens').first().inputValue()).toBe('08:00');
    await page.getByRole('spinbutton', { name: 'Latitude' }).fill('');
    await page.getByRole('spinbutton', { name: 'Longitude' }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'PRG-01' }).waitFor();
    const changed = (await b.t.operator('GET', '/stores/PRG-01', { token })).body.data;
    expect(changed.gps_coordinates ?? null).toBeNull();
    expect(changed.opening).toEqual(store.opening);
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
