// Labels in ZPL, the language of Zebra's (and most warehouse) label printers: an item's label (its
// SKU as a Code 128 barcode and large text, its description and UPC) and a location's (its barcode,
// or its code, as Code 128, its code large, and its check digits, which voice pickers read out), at
// 203 dpi, in two sizes: 2 x 1 in (a shelf or bin label) and 4 x 6 in (a shipping-size label). Text
// is sent as UTF-8 (^CI28) with every character that ZPL reads as a command (^ ~) or as the hex
// escape (_) written as _XX (^FH), so a description can never end the field or start a command.
import type { LabelSize } from '../../contract/types.ts';

/** Dots at 203 dpi: width and height of each size. */
const DOTS: Record<LabelSize, { width: number; height: number }> = { '2x1': { width: 406, height: 203 }, '4x6': { width: 812, height: 1218 } };

// The label rows as the data layer reads them (one description of each, where the data is read).
import type { ItemLabel, LocationLabel } from '../db/read/labels.ts';

export type { ItemLabel, LocationLabel };

/** Field data as ZPL reads it after ^FH: `^`, `~`, `_`, control characters and non-ASCII as _XX (UTF-8 bytes). */
export function fieldData(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text.replace(/[\r\n\t]+/g, ' '), 'utf8')) {
    const plain = byte >= 0x20 && byte < 0x7f && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f;
    out += plain ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const field = (x: number, y: number, font: string, text: string, width?: number, lines = 1) =>
  `^FO${x},${y}${font}${width ? `^FB${width},${lines},0,L,0` : ''}^FH^FD${fieldData(text)}^FS`;
const code128 = (x: number, y: number, height: number, moduleWidth: number, data: string) =>
  `^FO${x},${y}^BY${moduleWidth}^BCN,${height},N,N,N^FH^FD${fieldData(data)}^FS`;
const label = (size: LabelSize, copies: number, body: string[]) =>
  ['^XA', '^CI28', `^PW${DOTS[size].width}`, `^LL${DOTS[size].height}`, ...body, `^PQ${copies}`, '^XZ'].join('\n') + '\n';

export function itemLabelZpl(item: ItemLabel, size: LabelSize, copies = 1): string {
  const { width } = DOTS[size];
  if (size === '2x1') {
    return label(size, copies, [
      field(16, 12, '^A0N,34,34', item.sku, width - 32),
      code128(16, 52, 70, 2, item.sku),
      field(16, 132, '^A0N,22,22', item.description ?? '', width - 32),
      field(16, 160, '^A0N,22,22', item.upc ? `UPC ${item.upc}` : '', width - 32),
    ]);
  }
  return label(size, copies, [
    field(40, 40, '^A0N,90,90', item.sku, width - 80),
    code128(40, 160, 220, 4, item.sku),
    field(40, 420, '^A0N,50,50', item.description ?? '', width - 80, 4),
    field(40, 660, '^A0N,40,40', item.upc ? `UPC ${item.upc}` : '', width - 80),
  ]);
}

export function locationLabelZpl(location: LocationLabel, size: LabelSize, copies = 1): string {
  const { width } = DOTS[size];
  const scanned = location.barcode ?? location.code;
  if (size === '2x1') {
    return label(size, copies, [
      field(16, 12, '^A0N,44,44', location.code, width - 32),
      code128(16, 64, 90, 2, scanned),
      field(16, 166, '^A0N,22,22', [location.checkDigits && `Check ${location.checkDigits}`, location.facility].filter(Boolean).join(' · '), width - 32),
    ]);
  }
  return label(size, copies, [
    field(40, 40, '^A0N,140,140', location.code, width - 80),
    code128(40, 240, 300, 4, scanned),
    field(40, 600, '^A0N,50,50', location.facility ?? '', width - 80),
    field(40, 700, '^A0N,120,120', location.checkDigits ? `Check ${location.checkDigits}` : '', width - 80),
  ]);
}
