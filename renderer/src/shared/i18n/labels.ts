// What lists and columns are called on screen. Main names them in English (core/lookup/list-registry.ts,
// core/sync/dataset-registry.ts) and that stays the one English source; other languages name them
// here by list and column key. A list or column not named here (a column found only in the records)
// keeps main's name.
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
  },
};

export function useLabels() {
  const { locale } = useI18n();
  const names = (table: Names) => table[locale.value as AppLocale];
  const listLabel = (list: { list: string; label: string }) => names(LIST_NAMES)?.[list.list] ?? list.label;
  return {
    listLabel,
    columnLabel: (column: { key: string; label: string }) => names(COLUMN_NAMES)?.[column.key] ?? column.label,
    /** Lists in the order of their names as shown (main sorts them by the English name). */
    byName: <L extends { list: string; label: string }>(lists: readonly L[]) => [...lists].sort((a, b) => listLabel(a).localeCompare(listLabel(b), locale.value)),
  };
}
