// Facts by role in Chromium against the demo warehouse's `spring` profile (camelCase fields:
// `packQty`, `lotTracked`, `accountId`, `hazmatId`): the item page shows the pack quantity, lot and
// serial tracking and its related records (account, template, hazmat entry) as it does for the demo's
// own names, labelled in words; list headers are words in English and in Spanish, and a field Aisle
// does not know is named as sent under "Server field".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docShot, go, signIn, startApp, waitForSync, type App } from './support/app.ts';

type Row = Record<string, unknown>;

describe('facts by role under a server with its own field names (spring profile)', () => {
  let app: App;
  let lotItem: Row;
  let hazmatItem: Row;
  let accountName: string;

  beforeAll(async () => {
    app = await startApp({ demo: { items: 300, accounts: 2, facilities: 1, profile: 'spring' }, viewport: { width: 1024, height: 768 } });
    await signIn(app.page, 'demo@example.com', 'demo1234', { license: 'ENTERPRISE' });
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    // the server's own records, as it serves them (camelCase)
    const account = (app.demo!.served('accounts') as Row[])[0]!;
    accountName = String(account.name);
    const items = app.demo!.served('items', String(account.id)) as Row[];
    lotItem = items.find((i) => i.lotTracked === true && i.serialTracked === false && !i.hazmatId)!;
    hazmatItem = items.find((i) => typeof i.hazmatId === 'string')!;
    expect([lotItem, hazmatItem].every(Boolean)).toBe(true);
  }, 180_000);
  afterAll(async () => app?.close());

  const facts = () =>
    app.page.evaluate(`[...document.querySelectorAll('[data-testid=key-facts] .fact')].map((f) => [f.dataset.fact, f.querySelector('dt').textContent.trim(), f.querySelector('dd').textContent.trim()])`) as Promise<[string, string, string][]>;
  const related = () =>
    app.page.evaluate(`[...document.querySelectorAll('[data-testid=related] .group')].map((g) => [g.querySelector('.muted').textContent.trim(), [...g.querySelectorAll('a')].map((a) => a.textContent.trim().replace(/\\s+/g, ' '))])`) as Promise<[string, string[]][]>;
  /** The items list scrolled to its pack quantity, for a screenshot of the columns a server names its own way. */
  const toPackColumn = () => app.page.evaluate(`document.querySelector('[data-testid=head-packQty]').scrollIntoView({ inline: 'start', block: 'nearest' })`);
  const headers = () => app.page.evaluate(`[...document.querySelectorAll('[data-testid^=head-]')].map((h) => h.querySelector('.sort').textContent.trim().replace(/[▲▼]/g, '').replace(/\\s+/g, ' ').trim())`) as Promise<string[]>;

  async function openItem(item: Row): Promise<void> {
    await go(app.page, `/item/${String(item.id)}`);
    await app.page.getByTestId('key-facts').waitFor();
    await expect.poll(() => app.page.getByTestId('record-code').textContent()).toBe(String(item.sku));
  }

  it('the item page shows pack quantity, lot and serial tracking and related records, in words', async () => {
    await openItem(lotItem);
    const shown = await facts();
    expect(shown.find(([role]) => role === 'pack_qty')).toEqual(['pack_qty', 'Pack quantity', String(lotItem.packQty)]);
    expect(shown.find(([role]) => role === 'lot_tracked')).toEqual(['lot_tracked', 'Lot tracked', 'Yes']);
    expect(shown.find(([role]) => role === 'serial_tracked')).toEqual(['serial_tracked', 'Serial tracked', 'No']);
    // no label is a field's name: each is a word the worker reads
    for (const [, label] of shown) expect(label).not.toMatch(/_|^[a-z]+[A-Z]/);
    const links = await related();
    expect(links.map(([label]) => label)).toEqual(['Account', 'Template']);
    expect(links[0]![1][0]).toContain(accountName);
    await docShot(app.page, 'item-roles-spring-1024x768');
    await app.page.getByTestId('related').scrollIntoViewIfNeeded();
    await docShot(app.page, 'item-roles-related-spring-1024x768');

    await openItem(hazmatItem);
    const hazmat = (await related()).find(([label]) => label === 'Hazmat');
    expect(hazmat?.[1][0]).toMatch(/^UN\d{4} \S/);
  });

  it('list headers are words, and a field Aisle does not know is named as sent under "Server field"', async () => {
    await go(app.page, '/lists/items');
    await app.page.locator('[data-testid=grid-row]').first().waitFor();
    const items = await headers();
    expect(items).toEqual(expect.arrayContaining(['SKU', 'Pack qty', 'Lot tracked', 'Account', 'Hazmat', 'Template', 'Weight', 'Modified']));
    expect(items.filter((h) => /^[a-z]+([A-Z][a-z]*)+$|_/.test(h))).toEqual([]);
    await toPackColumn();
    await docShot(app.page, 'list-items-spring-1024x768');

    await go(app.page, '/lists/accounts');
    await app.page.locator('[data-testid=grid-row]').first().waitFor();
    expect(await headers()).toEqual(expect.arrayContaining(['Shipping address 1', 'Mailing address 1']));

    // a location template's sizes are the server's own fields: named as sent, under a heading
    await go(app.page, '/lists/location-templates');
    await app.page.locator('[data-testid=grid-row]').first().waitFor();
    const widthCm = app.page.locator('[data-testid=head-widthCm]');
    expect((await widthCm.getByTestId('server-field').textContent())!.trim()).toBe('Server field');
    expect((await widthCm.locator('.name').textContent())!.trim()).toBe('widthCm');
    // a field named as a known one is worded, not the server's own
    expect(await app.page.locator('[data-testid=head-name] [data-testid=server-field]').count()).toBe(0);
    expect((await app.page.locator('[data-testid=head-type] .sort').textContent())!.trim()).toBe('Type');
    await app.page.evaluate(`document.querySelector('[data-testid=head-type]').scrollIntoView({ inline: 'start', block: 'nearest' })`);
    await docShot(app.page, 'list-server-fields-spring-1024x768');
  });

  it('in Spanish, the item page and the list headers are Spanish words', async () => {
    await go(app.page, '/settings');
    await app.page.getByTestId('language').selectOption('es');
    await expect.poll(() => app.page.getByTestId('nav-settings').textContent()).toBe('Ajustes');

    await openItem(lotItem);
    const shown = await facts();
    expect(shown.find(([role]) => role === 'pack_qty')?.[1]).toBe('Cant. por paquete');
    expect(shown.find(([role]) => role === 'lot_tracked')?.slice(1)).toEqual(['Con lote', 'Sí']);
    expect((await related()).map(([label]) => label)).toEqual(['Cuenta', 'Plantilla']);
    await docShot(app.page, 'item-roles-spring-es-1024x768');

    await go(app.page, '/lists/items');
    await app.page.locator('[data-testid=grid-row]').first().waitFor();
    expect(await headers()).toEqual(expect.arrayContaining(['SKU', 'Cant. por paquete', 'Con lote', 'Cuenta', 'Mercancía peligrosa', 'Plantilla', 'Peso', 'Modificado']));
    await toPackColumn();
    await docShot(app.page, 'list-items-spring-es-1024x768');

    await go(app.page, '/lists/location-templates');
    await app.page.locator('[data-testid=grid-row]').first().waitFor();
    expect((await app.page.locator('[data-testid=head-widthCm]').getByTestId('server-field').textContent())!.trim()).toBe('Campo del servidor');
  });
});
