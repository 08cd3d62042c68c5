// Labels: ZPL that no text can break out of, sent raw to a printer on port 9100 — here a real TCP
// server on loopback standing in for the Zebra, which takes the bytes and answers nothing.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { AisleError } from '../../electron/contract/errors.ts';
import type { SearchResult } from '../../electron/contract/types.ts';
import { printerEndpoint, sendToPrinter } from '../../electron/core/labels/label-printer.ts';
import { fieldData, itemLabelZpl, locationLabelZpl } from '../../electron/core/labels/zpl.ts';
import { demoCore } from '../support/demo-core.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A label printer: every connection's bytes, in order. */
async function fakePrinter(): Promise<{ address: string; received: () => Promise<string[]>; server: Server }> {
  const jobs: Promise<string>[] = [];
  const server = createServer((socket) => {
    jobs.push(new Promise((resolve) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        socket.end();
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as { port: number }).port;
  return { address: `127.0.0.1:${port}`, received: () => Promise.all(jobs), server };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('ZPL', () => {
  it('escapes whatever ZPL would read as a command, and sends the rest as UTF-8', () => {
    expect(fieldData('Bolt M8 ^XZ~JA_x')).toBe('Bolt M8 _5EXZ_7EJA_5Fx');
    expect(fieldData('Café\nnuevo')).toBe('Caf_C3_A9 nuevo');
    const zpl = itemLabelZpl({ sku: 'SKU-000042', description: 'Steel ^FS bracket', upc: '036000291452' }, '2x1', 3);
    expect(zpl.startsWith('^XA\n^CI28\n^PW406\n^LL203\n')).toBe(true);
    expect(zpl.endsWith('^PQ3\n^XZ\n')).toBe(true);
    expect(zpl).toContain('^BCN,70,N,N,N^FH^FDSKU-000042^FS');
    expect(zpl).toContain('Steel _5EFS bracket');
    expect(zpl).toContain('UPC 036000291452');
    // one label: ^XA and ^XZ once each, whatever the text held
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });

  it("prints a location's barcode (what a scanner reads) under its code, in both sizes", () => {
    const small = locationLabelZpl({ code: 'A-03-02-B', barcode: 'LA0302B7', facility: 'Main warehouse', checkDigits: '47' }, '2x1');
    expect(small).toContain('^FDA-03-02-B^FS');
    expect(small).toContain('^FDCheck 47 _C2_B7 Main warehouse^FS'); // the middle dot, as UTF-8
    expect(small).toContain('^BCN,90,N,N,N^FH^FDLA0302B7^FS');
    expect(small).toContain('^PQ1');
    const large = locationLabelZpl({ code: 'A-03-02-B', barcode: null, facility: null, checkDigits: null }, '4x6');
    expect(large).not.toContain('Check');
    expect(large).toContain('^PW812\n^LL1218');
    expect(large).toContain('^BCN,300,N,N,N^FH^FDA-03-02-B^FS'); // no barcode: the code itself
  });
});

describe('the label printer', () => {
  it('reads host, host:port and [v6]:port, 9100 when no port is given; refuses anything else', () => {
    expect(printerEndpoint('zebra-07.dock.local')).toEqual({ host: 'zebra-07.dock.local', port: 9100 });
    expect(printerEndpoint('10.0.4.21:6101')).toEqual({ host: '10.0.4.21', port: 6101 });
    expect(printerEndpoint('[fd00::21]:9100')).toEqual({ host: 'fd00::21', port: 9100 });
    for (const bad of ['', 'http://10.0.4.21', '10.0.4.21:99999', 'a b', '-x']) expect(() => printerEndpoint(bad), bad).toThrow(AisleError);
  });

  it('sends every byte and resolves once the printer took them; an unreachable one is printer_unreachable', async () => {
    const printer = await fakePrinter();
    const zpl = itemLabelZpl({ sku: 'SKU-1', description: 'Ñandú', upc: null }, '2x1');
    expect(await sendToPrinter(printer.address, zpl)).toBe(Buffer.byteLength(zpl));
    expect(await printer.received()).toEqual([zpl]);
    const refused = await sendToPrinter(`127.0.0.1:${await closedPort()}`, zpl).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'printer_unreachable', message: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('labels.print', () => {
  it("prints an item's and a location's label from the mirror, to the printer in settings", async () => {
    const printer = await fakePrinter();
    const { core, firstRound } = await demoCore(cleanup);
    const synced = firstRound();
    await dispatch(core.handlers, 'session.signIn', { server: 'demo', email: 'solo@example.com', password: 'demo1234' });
    await synced;
    const find = async (q: string) => {
      const answer = await dispatch(core.handlers, 'search.query', { q });
      return (answer.ok ? (answer.value as SearchResult).hits : [])[0]!;
    };
    const item = await find('SKU-000042');
    expect(await dispatch(core.handlers, 'labels.print', { list: 'items', id: item.id })).toMatchObject({ ok: false, error: { code: 'invalid_argument', message: expect.stringContaining('No label printer') } });

    expect(await dispatch(core.handlers, 'settings.set', { labelPrinter: printer.address, labelSize: '4x6' })).toMatchObject({ ok: true });
    expect(await dispatch(core.handlers, 'labels.print', { list: 'items', id: item.id, copies: 2 })).toMatchObject({ ok: true, value: { printer: printer.address, copies: 2 } });
    const locations = await dispatch(core.handlers, 'lists.page', { view: { list: 'locations' }, offset: 0, limit: 1 });
    const location = locations.ok ? (locations.value as { rows: { id: string; code: string; barcode: string; check_digits: string }[] }).rows[0]! : null;
    expect(await dispatch(core.handlers, 'labels.print', { list: 'locations', id: location!.id })).toMatchObject({ ok: true, value: { copies: 1 } });
    const [itemJob, locationJob] = await printer.received();
    expect(itemJob).toContain('^FDSKU-000042^FS');
    expect(itemJob).toContain('^PW812');
    expect(itemJob).toContain('^PQ2');
    expect(locationJob).toContain(`^FD${location!.code}^FS`);
    expect(locationJob).toContain(`^FH^FD${location!.barcode}^FS`);
    expect(locationJob).toContain(`^FDCheck ${location!.check_digits}^FS`); // 4x6: on a line of its own

    // bad input: a list with no label, a record not in the mirror, a bad address; nothing sent
    expect(await dispatch(core.handlers, 'labels.print', { list: 'inventory', id: item.id })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await dispatch(core.handlers, 'labels.print', { list: 'items', id: 'no-such-item' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await dispatch(core.handlers, 'labels.print', { list: 'items', id: item.id, copies: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await dispatch(core.handlers, 'settings.set', { labelPrinter: 'http://printer' })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
    expect(await printer.received()).toHaveLength(2);

    await dispatch(core.handlers, 'settings.set', { labelPrinter: `127.0.0.1:${await closedPort()}` });
    expect(await dispatch(core.handlers, 'labels.print', { list: 'items', id: item.id })).toMatchObject({ ok: false, error: { code: 'printer_unreachable' } });
    await dispatch(core.handlers, 'session.lock', {});
    expect(await dispatch(core.handlers, 'labels.print', { list: 'items', id: item.id })).toMatchObject({ ok: false, error: { code: 'locked' } });
  });
});
