// Stock the workstation does not have is never a number: a worker kept to one facility (the demo's
// solo user, in Spanish) opens an item the server stocks only in other facilities. The tiles say
// whose stock they sum, the others are named as not here with no figure, and the search popup and
// `aisle find` say the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { docShot, go, look, signIn, startApp, waitForSync, type App } from './support/app.ts';

interface Served {
  item_id: string;
  qty_on_hand: number;
}

describe('a worker kept to one facility opens an item stocked only elsewhere', () => {
  let app: App;
  let item: { id: string; sku: string; serverOnHand: number };
  let kept: string;

  beforeAll(async () => {
    app = await startApp({ viewport: { width: 1024, height: 768 } });
    await signIn(app.page, 'solo@example.com', 'demo1234');
    await app.page.getByTestId('home-page').waitFor();
    await waitForSync(app);
    const keptIds = (await app.call('sync.status')).datasets.filter((d) => d.list === 'inventory').map((d) => d.scope.id);
    expect(keptIds).toHaveLength(1);
    kept = keptIds[0]!;
    const demo = app.demo!;
    const facilities = demo.ids().facilities;
    const here = new Set((demo.served('inventory', kept) as Served[]).map((r) => r.item_id));
    const elsewhere = new Map<string, number>();
    for (const f of facilities.filter((id) => id !== kept)) {
      for (const r of demo.served('inventory', f) as Served[]) if (!here.has(r.item_id)) elsewhere.set(r.item_id, (elsewhere.get(r.item_id) ?? 0) + Number(r.qty_on_hand));
    }
    const [id, serverOnHand] = [...elsewhere].find(([, n]) => n > 0)!;
    const record = await app.call('records.get', { list: 'items', id });
    item = { id, sku: String(record.record.sku), serverOnHand };
  });
  afterAll(async () => app?.close());

  it('says on the tiles whose stock they sum, and names the facilities whose stock is not here', async () => {
    const facility = String((await app.call('records.get', { list: 'facilities', id: kept })).record.name);
    await go(app.page, `/item/${item.id}`);
    await app.page.getByTestId('qty').waitFor();
    // the server has stock of this item; none of it is in the facility kept here, which is a real 0
    expect(item.serverOnHand).toBeGreaterThan(0);
    const onHand = app.page.getByTestId('qty-on-hand');
    expect((await onHand.locator('.label').textContent())!.trim()).toBe(`Existencias en ${facility}`);
    expect((await onHand.locator('.value').textContent())!.trim()).toBe('0');
    expect((await app.page.getByTestId('qty-available').locator('.label').textContent())!.trim()).toBe(`Disponible en ${facility}`);
    const notice = app.page.locator('[data-testid=stock-notice][data-kind=not-kept]');
    expect(await notice.textContent()).toMatch(/^Las existencias de .+ no están en este puesto\.$/);
    expect((await app.page.getByTestId('stock-none').textContent())!.trim()).toBe(`No hay existencias registradas en ${facility}.`);
    await docShot(app.page, 'item-elsewhere-es-1024x768');
    await app.page.setViewportSize({ width: 800, height: 600 });
    await look(app.page, 'light', true);
    await app.page.getByTestId('qty').waitFor();
    await docShot(app.page, 'item-elsewhere-es-floor-800x600');
    await look(app.page, 'light', false);
    await app.page.setViewportSize({ width: 1024, height: 768 });
  });

  it('says in the search popup whose stock the figure covers, and that the rest is not on this workstation', async () => {
    const facility = String((await app.call('records.get', { list: 'facilities', id: kept })).record.name);
    await go(app.page, '/');
    await app.page.getByTestId('search-input').fill(item.sku);
    const hit = app.page.locator(`[data-testid=search-hit][data-kind=item]`).first();
    await hit.waitFor();
    const line = (await hit.getByTestId('search-hit-stock').textContent())!.trim();
    expect(line).toMatch(new RegExp(`^Existencias 0 en ${facility} · no están en este puesto: `));
    await app.page.getByTestId('search-input').fill('');
  });

  it('prints in `aisle find` whose stock it has and which facilities it has no figure for', async () => {
    const facility = String((await app.call('records.get', { list: 'facilities', id: kept })).record.name);
    const lines: string[] = [];
    const io: CliIo = { out: (l) => lines.push(l), err: () => undefined, env: {}, promptPassword: () => Promise.reject(new Error('no prompt')) };
    expect(await main(['find', item.sku, '--data', app.dataDir], io)).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain(`stock in ${facility} [`);
    expect(text).toMatch(/ {2}not on this workstation, no figure: .+/);
    expect(text).toContain(`  none in ${facility}`);
    expect(text).not.toMatch(/^ {2}none$/m);
  });
});
