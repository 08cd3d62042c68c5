// Vocabulary for generated names and descriptions.
export const BRANDS = ['Acme', 'Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne', 'Tyrell', 'Cyberdyne', 'Soylent', 'Wonka', 'Gringotts'];
export const ADJECTIVES = ['Heavy-Duty', 'Compact', 'Stainless', 'Galvanized', 'Insulated', 'Reinforced', 'Lightweight', 'Waterproof', 'Organic', 'Premium', 'Industrial', 'Foldable', 'Rechargeable', 'Adjustable', 'Ergonomic', 'Recycled', 'Matte', 'Glossy', 'Antibacterial', 'Portable'];
export const MATERIALS = ['Steel', 'Aluminium', 'Cotton', 'Nylon', 'Bamboo', 'Ceramic', 'Glass', 'Oak', 'Rubber', 'Polyester', 'Copper', 'Brass', 'Silicone', 'Leather', 'Paper', 'Wool'];
export const NOUNS = ['Hex Bolt', 'Storage Bin', 'Work Glove', 'Cable Tie', 'Water Bottle', 'Shelf Bracket', 'Packing Tape', 'Safety Vest', 'LED Lamp', 'Hand Truck', 'Label Roll', 'Pallet Wrap', 'Tool Box', 'Door Hinge', 'Extension Cord', 'Coffee Mug', 'Yoga Mat', 'Garden Hose', 'Rain Jacket', 'Notebook', 'Drill Bit', 'Face Mask', 'Paint Brush', 'Backpack', 'Cutting Board', 'Flashlight', 'Padlock', 'Spray Bottle', 'Tea Towel', 'Phone Case'];
export const VARIANTS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Grey', 'Small', 'Medium', 'Large', 'XL', 'Pack of 6', 'Pack of 12', 'Box of 100', '500 ml', '1 L', '2 m', '5 m', 'M8 x 40 mm', '230 V', 'Refill'];
export const CITIES: readonly [string, string, string, string][] = [
  ['Rotterdam', 'ZH', '3011', 'NL'],
  ['Memphis', 'TN', '38118', 'US'],
  ['Columbus', 'OH', '43215', 'US'],
  ['Leipzig', 'SN', '04103', 'DE'],
  ['Reno', 'NV', '89502', 'US'],
  ['Zaragoza', 'AR', '50001', 'ES'],
  ['Lyon', 'ARA', '69001', 'FR'],
  ['Toronto', 'ON', 'M5H 2N2', 'CA'],
  ['Dallas', 'TX', '75201', 'US'],
  ['Milton Keynes', 'BKM', 'MK9 1AA', 'GB'],
];
export const TIME_ZONES: Record<string, string> = { NL: 'Europe/Amsterdam', US: 'America/Chicago', DE: 'Europe/Berlin', ES: 'Europe/Madrid', FR: 'Europe/Paris', CA: 'America/Toronto', GB: 'Europe/London' };
export const STREETS = ['Harbour Road', 'Industrial Way', 'Logistics Park', 'Commerce Drive', 'Depot Street', 'Freight Lane', 'Terminal Avenue', 'Distribution Blvd'];
export const FIRST_NAMES = ['Ana', 'Ben', 'Chloé', 'Diego', 'Emma', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kofi', 'Lena', 'Marco', 'Nadia', 'Oscar', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tomás'];
export const LAST_NAMES = ['Alvarez', 'Brown', 'Chen', 'Dubois', 'Eriksen', 'Fischer', 'García', 'Haddad', 'Ivanova', 'Jansen', 'Kim', 'López', 'Müller', 'Nakamura', 'Okafor', 'Patel', 'Rossi', 'Schmidt', 'Tanaka', 'Walsh'];
export const COMPANY_WORDS = ['Outdoor', 'Home', 'Office', 'Garden', 'Sports', 'Kitchen', 'Pet', 'Tool', 'Beauty', 'Toy', 'Auto', 'Fashion'];
export const COMPANY_SUFFIXES = ['Supply Co.', 'Goods Ltd', 'Direct', 'Wholesale', 'Trading', 'Brands Inc.'];
