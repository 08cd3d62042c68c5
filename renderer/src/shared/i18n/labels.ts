// What lists and columns are called on screen. Main names lists and their columns in English
// (core/lookup/list-registry.ts, core/sync/dataset-registry.ts) and that stays the English source
// for them; other languages name them here by list and by the column's role. The roles main's lists
// do not name (a record's key facts, references and known fields a server's records carry) are
// named here in English too. A field no language names is a server's own: shown by its name, under
// a heading that says so (`serverField`).
import { useI18n } from 'vue-i18n';
import type { AppLocale } from './index.ts';

type Names = Partial<Record<AppLocale, Readonly<Record<string, string>>>>;

export const LIST_NAMES: Names = {
  es: {
    items: 'Artículos',
    locations: 'Ubicaciones',
    inventory: 'Existencias',
    history: 'Historial de existencias',
    accounts: 'Cuentas',
    carriers: 'Transportistas',
    channels: 'Canales',
    customers: 'Clientes',
    facilities: 'Almacenes',
    users: 'Usuarios',
    hazmat: 'Mercancías peligrosas',
    'location-templates': 'Plantillas de ubicación',
    'item-templates': 'Plantillas de artículo',
    'mobile-workflows': 'Flujos móviles',
    schedules: 'Programaciones',
    sequences: 'Secuencias',
    'transit-lanes': 'Rutas de tránsito',
  },
};

export const COLUMN_NAMES: Names = {
  es: {
    sku: 'SKU',
    description: 'Descripción',
    upc: 'UPC',
    gtin: 'GTIN',
    uom: 'Unidad',
    pack_qty: 'Cant. por paquete',
    lot_tracked: 'Con lote',
    serial_tracked: 'Con número de serie',
    enabled: 'Activo',
    account_id: 'Cuenta',
    accountid: 'Cuenta',
    modifiedon: 'Modificado',
    code: 'Código',
    zone: 'Zona',
    type: 'Tipo',
    barcode: 'Código de barras',
    check_digits: 'Dígitos de control',
    pickable: 'Para preparación',
    facility_id: 'Almacén',
    location_code: 'Ubicación',
    lot: 'Lote',
    serial: 'Serie',
    expiry: 'Caducidad',
    qty_on_hand: 'Existencias',
    qty_allocated: 'Asignado',
    qty_available: 'Disponible',
    status: 'Estado',
    createdon: 'Cuándo',
    from_location_code: 'Desde',
    to_location_code: 'Hacia',
    qty: 'Cant.',
    qty_before: 'Antes',
    stock_change: 'Cambio',
    qty_after: 'Después',
    user_email: 'Usuario',
    reference: 'Referencia',
    name: 'Nombre',
    contact_name: 'Contacto',
    contact_email: 'Correo de contacto',
    scity: 'Ciudad',
    scountry: 'País',
    alias: 'Alias',
    subtype: 'Subtipo',
    service_level: 'Nivel de servicio',
    package_type: 'Tipo de bulto',
    returns_enabled: 'Devoluciones',
    ncode: 'Número',
    email: 'Correo electrónico',
    un_number: 'Número ONU',
    proper_shipping_name: 'Designación oficial de transporte',
    class: 'Clase',
    packing_group: 'Grupo de embalaje',
    // references a server's records carry beyond the columns main names: shown as the record they name
    location_id: 'Ubicación',
    item_id: 'Artículo',
    template_id: 'Plantilla',
    hazmat_id: 'Mercancía peligrosa',
    customer_id: 'Cliente',
    carrier_id: 'Transportista',
    channel_id: 'Canal',
    user_id: 'Usuario',
    origin_facility_id: 'Almacén de origen',
    // what an item or a location measures and where a facility is
    weight: 'Peso',
    length: 'Largo',
    width: 'Ancho',
    height: 'Alto',
    city: 'Ciudad',
    stateprovince: 'Provincia',
    postalcode: 'Código postal',
    country: 'País',
    saddr1: 'Dirección de envío 1',
    saddr2: 'Dirección de envío 2',
    saddr3: 'Dirección de envío 3',
    saddr4: 'Dirección de envío 4',
    maddr1: 'Dirección postal 1',
    maddr2: 'Dirección postal 2',
    maddr3: 'Dirección postal 3',
    maddr4: 'Dirección postal 4',
  },
};

/** English words of the roles main's list columns do not name: key facts, references, known fields. */
export const ROLE_WORDS_EN: Readonly<Record<string, string>> = {
  sku: 'SKU',
  code: 'Code',
  name: 'Name',
  description: 'Description',
  lot: 'Lot',
  serial: 'Serial',
  location_code: 'Location',
  status: 'Status',
  email: 'E-mail',
  upc: 'UPC',
  gtin: 'GTIN',
  barcode: 'Barcode',
  uom: 'Unit',
  pack_qty: 'Pack quantity',
  weight: 'Weight',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  lot_tracked: 'Lot tracked',
  serial_tracked: 'Serial tracked',
  enabled: 'Active',
  zone: 'Zone',
  type: 'Type',
  check_digits: 'Check digits',
  pickable: 'Pickable',
  account_id: 'Account',
  facility_id: 'Facility',
  location_id: 'Location',
  item_id: 'Item',
  template_id: 'Template',
  hazmat_id: 'Hazmat',
  customer_id: 'Customer',
  carrier_id: 'Carrier',
  channel_id: 'Channel',
  user_id: 'User',
  origin_facility_id: 'Origin facility',
  city: 'City',
  stateprovince: 'State or province',
  postalcode: 'Postal code',
  country: 'Country',
  saddr1: 'Shipping address 1',
  saddr2: 'Shipping address 2',
  saddr3: 'Shipping address 3',
  saddr4: 'Shipping address 4',
  maddr1: 'Mailing address 1',
  maddr2: 'Mailing address 2',
  maddr3: 'Mailing address 3',
  maddr4: 'Mailing address 4',
  modifiedon: 'Modified',
  createdon: 'Created',
};

/** A column as the window names it: its role when main knows one, else the server's field (`key`). */
interface NamedColumn {
  key: string;
  label: string;
  role?: string;
}

export function useLabels() {
  const { locale } = useI18n();
  const names = (table: Names) => table[locale.value as AppLocale];
  const listLabel = (list: { list: string; label: string }) => names(LIST_NAMES)?.[list.list] ?? list.label;
  return {
    listLabel,
    /** A list column's heading: its role's word in the language, main's English label, else the server's field as named. */
    columnLabel: (column: NamedColumn) => names(COLUMN_NAMES)?.[column.role ?? column.key] ?? (column.role && column.label === column.key ? ROLE_WORDS_EN[column.role] : undefined) ?? column.label,
    /** A role's word (a key fact, a reference): the language's, else English's, else the role as named. */
    roleLabel: (role: string) => names(COLUMN_NAMES)?.[role] ?? ROLE_WORDS_EN[role] ?? role,
    /** A column whose field no language names: a server's own, shown by its name under "Server field". */
    serverField: (column: NamedColumn) => !column.role,
    /** Lists in the order of their names as shown (main sorts them by the English name). */
    byName: <L extends { list: string; label: string }>(lists: readonly L[]) => [...lists].sort((a, b) => listLabel(a).localeCompare(listLabel(b), locale.value)),
  };
}
