/**
 * The demo bakery's catalogue: a bread producer in Lagos that also sells into
 * Ibadan. Data only (no logic, no I/O), shared by `npm run seed:demo`
 * (src/server/seed/demo.ts) and by larger generated data sets.
 *
 * Prices are naira at 2026 Lagos market levels; unit costs are per the item's
 * unit (₦ per kg, per liter or per unit) and keep at most 4 decimals, money at
 * most 2, quantities at most 3, as the database keeps them.
 */
import type { InventoryCategory, InventoryUnit } from '../../domain/inventory-schemas';
import type { RecipeUnit } from '../../domain/recipe-schemas';

export const BAKERY_TIME_ZONE = 'Africa/Lagos';

/** Opening hours of the bakery floor and the dispatch yard, Lagos time (hours, 24h clock). */
export const BAKERY_HOURS = {
  /** Mixing starts before dawn so the first loaves leave at sunrise. */
  productionStart: 3,
  productionEnd: 19,
  /** Distributors collect bread and pay from early morning to evening. */
  salesStart: 6,
  salesEnd: 19,
  /** Purchase orders are placed in office hours. */
  officeStart: 8,
  officeEnd: 17,
} as const;

export interface CatalogSupplier {
  name: string;
  phone: string;
  address: string;
}

export const SUPPLIERS = {
  flour: {
    name: 'Adebayo & Sons Flour Depot',
    phone: '0803 214 5567',
    address: '22 Oba Akran Avenue, Ikeja, Lagos',
  },
  sugar: {
    name: 'Eko Sugar & Commodities Ltd',
    phone: '0802 557 1093',
    address: '5 Creek Road, Apapa, Lagos',
  },
  bakingInputs: {
    name: 'Okonkwo Bakery Supplies Ltd',
    phone: '0806 330 7781',
    address: '41 Alaba Market Road, Ojo, Lagos',
  },
  provisions: {
    name: 'Mama Nkechi Provisions',
    phone: '0813 902 4416',
    address: 'Shop 17, Mile 12 Market, Kosofe, Lagos',
  },
  packaging: {
    name: 'Ibadan Packaging Company',
    phone: '0805 118 2290',
    address: '9 Old Ife Road, Agodi, Ibadan',
  },
  diesel: {
    name: 'Alhaji Danjuma Petroleum',
    phone: '0809 774 0321',
    address: '3 Ikorodu Road, Maryland, Lagos',
  },
  gas: {
    name: 'Lekki Gas Refill Centre',
    phone: '0816 445 9012',
    address: '12 Admiralty Way, Lekki Phase 1, Lagos',
  },
  sundries: {
    name: 'Balogun Market Wholesalers',
    phone: '0703 661 2845',
    address: '28 Balogun Street, Lagos Island, Lagos',
  },
} as const satisfies Record<string, CatalogSupplier>;

export type SupplierKey = keyof typeof SUPPLIERS;

export interface CatalogItem {
  /** A stable key that recipes and generators refer to. */
  key: string;
  name: string;
  category: InventoryCategory;
  unit: InventoryUnit;
  /** ₦ per unit (at most 4 decimals): the price of the opening stock and the base of order prices. */
  unitCost: number;
  /** The minimum stock: at or below it the item is low. */
  minStock: number;
  supplier: SupplierKey;
  /** Stock on hand at the start of the data set. */
  openingStock: number;
  /** A usual purchase-order quantity (a truckload, a carton, a drum). */
  orderQuantity: number;
  /** What the item is bought in: order quantities are multiples of it (a 50 kg bag, a crate of 30 eggs). */
  orderStep: number;
  /**
   * Use per business day outside recipes (diesel for the generator, gas for
   * the ovens, one nylon bag per loaf is counted separately): 0 for items only
   * recipes use.
   */
  dailyUse: number;
}

export const INVENTORY_ITEMS = [
  // Ingredients (recipes take these).
  {
    key: 'flour',
    name: 'Wheat Flour (50kg bag)',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 1600,
    minStock: 1500,
    supplier: 'flour',
    openingStock: 3500,
    orderQuantity: 5000,
    orderStep: 50,
    dailyUse: 0,
  },
  {
    key: 'sugar',
    name: 'Granulated Sugar',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 1700,
    minStock: 200,
    supplier: 'sugar',
    openingStock: 450,
    orderQuantity: 700,
    orderStep: 50,
    dailyUse: 0,
  },
  {
    key: 'salt',
    name: 'Table Salt',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 500,
    minStock: 30,
    supplier: 'provisions',
    openingStock: 80,
    orderQuantity: 100,
    orderStep: 25,
    dailyUse: 0,
  },
  {
    key: 'yeast',
    name: 'Instant Dry Yeast',
    category: 'ingredients',
    unit: 'g',
    unitCost: 6,
    minStock: 20000,
    supplier: 'bakingInputs',
    openingStock: 45000,
    orderQuantity: 60000,
    orderStep: 500,
    dailyUse: 0,
  },
  {
    key: 'margarine',
    name: 'Baking Margarine',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 3000,
    minStock: 120,
    supplier: 'bakingInputs',
    openingStock: 260,
    orderQuantity: 450,
    orderStep: 15,
    dailyUse: 0,
  },
  {
    key: 'improver',
    name: 'Bread Improver',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 5000,
    minStock: 10,
    supplier: 'bakingInputs',
    openingStock: 24,
    orderQuantity: 40,
    orderStep: 5,
    dailyUse: 0,
  },
  {
    key: 'preservative',
    name: 'Calcium Propionate (Preservative)',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 4500,
    minStock: 6,
    supplier: 'bakingInputs',
    openingStock: 14,
    orderQuantity: 25,
    orderStep: 5,
    dailyUse: 0,
  },
  {
    key: 'milk',
    name: 'Powdered Milk',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 8000,
    minStock: 12,
    supplier: 'provisions',
    openingStock: 40,
    orderQuantity: 60,
    orderStep: 25,
    dailyUse: 0,
  },
  {
    key: 'coconut',
    name: 'Desiccated Coconut',
    category: 'ingredients',
    unit: 'kg',
    unitCost: 4000,
    minStock: 15,
    supplier: 'provisions',
    openingStock: 45,
    orderQuantity: 80,
    orderStep: 10,
    dailyUse: 0,
  },
  {
    key: 'oil',
    name: 'Vegetable Oil',
    category: 'ingredients',
    unit: 'liters',
    unitCost: 2500,
    minStock: 15,
    supplier: 'provisions',
    openingStock: 50,
    orderQuantity: 80,
    orderStep: 25,
    dailyUse: 0,
  },
  {
    key: 'eggs',
    name: 'Eggs',
    category: 'ingredients',
    unit: 'units',
    unitCost: 200,
    minStock: 300,
    supplier: 'provisions',
    openingStock: 900,
    orderQuantity: 1500,
    orderStep: 30,
    dailyUse: 0,
  },
  {
    key: 'flavour',
    name: 'Coconut Flavour Essence',
    category: 'ingredients',
    unit: 'liters',
    unitCost: 9000,
    minStock: 1,
    supplier: 'bakingInputs',
    openingStock: 4,
    orderQuantity: 6,
    orderStep: 1,
    dailyUse: 0,
  },
  // Packaging.
  {
    key: 'nylon',
    name: 'Printed Nylon Bread Bags',
    category: 'packaging',
    unit: 'units',
    unitCost: 15,
    minStock: 5000,
    supplier: 'packaging',
    openingStock: 20000,
    orderQuantity: 30000,
    orderStep: 1000,
    dailyUse: 650,
  },
  {
    key: 'crates',
    name: 'Plastic Bread Crates',
    category: 'packaging',
    unit: 'units',
    unitCost: 3500,
    minStock: 40,
    supplier: 'packaging',
    openingStock: 120,
    orderQuantity: 40,
    orderStep: 10,
    dailyUse: 0.2,
  },
  {
    key: 'labels',
    name: 'Date Labels (roll of 1000)',
    category: 'packaging',
    unit: 'units',
    unitCost: 2500,
    minStock: 10,
    supplier: 'packaging',
    openingStock: 30,
    orderQuantity: 30,
    orderStep: 10,
    dailyUse: 0.6,
  },
  // Utilities.
  {
    key: 'diesel',
    name: 'Diesel (Generator)',
    category: 'utilities',
    unit: 'liters',
    unitCost: 1300,
    minStock: 400,
    supplier: 'diesel',
    openingStock: 1000,
    orderQuantity: 1500,
    orderStep: 50,
    dailyUse: 55,
  },
  {
    key: 'gas',
    name: 'Cooking Gas (LPG)',
    category: 'utilities',
    unit: 'kg',
    unitCost: 1200,
    minStock: 150,
    supplier: 'gas',
    openingStock: 500,
    orderQuantity: 750,
    orderStep: 12.5,
    dailyUse: 28,
  },
  // Supplies.
  {
    key: 'pans',
    name: 'Bread Baking Pans',
    category: 'supplies',
    unit: 'units',
    unitCost: 4500,
    minStock: 60,
    supplier: 'sundries',
    openingStock: 150,
    orderQuantity: 50,
    orderStep: 10,
    dailyUse: 0.3,
  },
  {
    key: 'detergent',
    name: 'Cleaning Detergent',
    category: 'supplies',
    unit: 'kg',
    unitCost: 1800,
    minStock: 15,
    supplier: 'sundries',
    openingStock: 40,
    orderQuantity: 50,
    orderStep: 5,
    dailyUse: 0.9,
  },
  {
    key: 'gloves',
    name: 'Disposable Gloves',
    category: 'supplies',
    unit: 'units',
    unitCost: 60,
    minStock: 500,
    supplier: 'sundries',
    openingStock: 1500,
    orderQuantity: 2000,
    orderStep: 100,
    dailyUse: 30,
  },
] as const satisfies readonly CatalogItem[];

export type ItemKey = (typeof INVENTORY_ITEMS)[number]['key'];

export interface CatalogRecipeLine {
  item: ItemKey;
  quantity: number;
  unit: RecipeUnit;
}

export interface CatalogRecipe {
  name: string;
  description: string;
  /** The flour weight the lines are written for. */
  baseFlourKg: number;
  ingredients: readonly CatalogRecipeLine[];
  instructions: string;
  /** Minutes from mixing to cooled loaves. */
  estimatedDuration: number;
  /** Dough per loaf, grams. */
  doughSizeGrams: number;
  /** Loaves a kilogram of flour usually makes. */
  loavesPerKgFlour: number;
  /** What distributors pay per loaf, ₦. */
  pricePerLoaf: number;
  /** Share of the bakery's flour that goes into this bread (the weights add to 1). */
  share: number;
  /** Usual batch sizes, kg of flour (whole or half bags). */
  batchFlourKg: readonly number[];
  /** Days a loaf is sold: baked on day D, it is stale from the midnight that starts D + this. */
  shelfLifeDays: number;
}

export const RECIPES = [
  {
    name: 'Agege Bread',
    description: 'The soft, dense Lagos street loaf, written per 50 kg bag of flour.',
    baseFlourKg: 50,
    ingredients: [
      { item: 'flour', quantity: 50, unit: 'kg' },
      { item: 'sugar', quantity: 6, unit: 'kg' },
      { item: 'salt', quantity: 0.75, unit: 'kg' },
      { item: 'yeast', quantity: 600, unit: 'g' },
      { item: 'margarine', quantity: 3, unit: 'kg' },
      { item: 'improver', quantity: 250, unit: 'g' },
      { item: 'preservative', quantity: 150, unit: 'g' },
    ],
    instructions:
      'Dissolve sugar and salt in cold water. Mix flour, yeast and improver, add the water and knead on the dough brake until smooth and stretchy. Rub in margarine and preservative. Rest 30 minutes, divide, mould into long loaves, proof 90 minutes and bake at 200°C for 35 minutes.',
    estimatedDuration: 270,
    doughSizeGrams: 700,
    loavesPerKgFlour: 2.4,
    pricePerLoaf: 1200,
    share: 0.45,
    batchFlourKg: [50, 75, 100],
    shelfLifeDays: 3,
  },
  {
    name: 'Sliced Bread',
    description: 'Tin loaf sliced and bagged for supermarkets and kiosks.',
    baseFlourKg: 1,
    ingredients: [
      { item: 'flour', quantity: 1, unit: 'kg' },
      { item: 'sugar', quantity: 80, unit: 'g' },
      { item: 'salt', quantity: 18, unit: 'g' },
      { item: 'yeast', quantity: 10, unit: 'g' },
      { item: 'margarine', quantity: 50, unit: 'g' },
      { item: 'oil', quantity: 30, unit: 'ml' },
      { item: 'improver', quantity: 5, unit: 'g' },
      { item: 'preservative', quantity: 3, unit: 'g' },
    ],
    instructions:
      'Mix all dry ingredients, add water and oil, knead 12 minutes. Rest 20 minutes, scale 600 g pieces, mould into greased tins and proof until the dough crowns the tin. Bake at 190°C for 30 minutes, cool 2 hours, slice and bag.',
    estimatedDuration: 300,
    doughSizeGrams: 600,
    loavesPerKgFlour: 2.8,
    pricePerLoaf: 1500,
    share: 0.25,
    batchFlourKg: [25, 40, 50],
    shelfLifeDays: 4,
  },
  {
    name: 'Milk Bread',
    description: 'Rich, slightly sweet loaf with milk and eggs.',
    baseFlourKg: 1,
    ingredients: [
      { item: 'flour', quantity: 1, unit: 'kg' },
      { item: 'sugar', quantity: 150, unit: 'g' },
      { item: 'salt', quantity: 12, unit: 'g' },
      { item: 'yeast', quantity: 12, unit: 'g' },
      { item: 'margarine', quantity: 80, unit: 'g' },
      { item: 'milk', quantity: 60, unit: 'g' },
      { item: 'eggs', quantity: 2, unit: 'units' },
      { item: 'improver', quantity: 5, unit: 'g' },
      { item: 'preservative', quantity: 3, unit: 'g' },
    ],
    instructions:
      'Dissolve milk powder and sugar in warm water, beat in the eggs. Mix with flour, yeast, salt and improver, knead, then work in margarine. Proof, scale 500 g loaves, egg-wash and bake at 180°C for 30 minutes.',
    estimatedDuration: 240,
    doughSizeGrams: 500,
    loavesPerKgFlour: 3.2,
    pricePerLoaf: 1800,
    share: 0.18,
    batchFlourKg: [20, 25, 30],
    shelfLifeDays: 3,
  },
  {
    name: 'Coconut Bread',
    description: 'Sweet coconut loaf, a favourite for school breakfasts.',
    baseFlourKg: 1,
    ingredients: [
      { item: 'flour', quantity: 1, unit: 'kg' },
      { item: 'sugar', quantity: 180, unit: 'g' },
      { item: 'salt', quantity: 10, unit: 'g' },
      { item: 'yeast', quantity: 12, unit: 'g' },
      { item: 'margarine', quantity: 70, unit: 'g' },
      { item: 'coconut', quantity: 100, unit: 'g' },
      { item: 'flavour', quantity: 5, unit: 'ml' },
      { item: 'preservative', quantity: 3, unit: 'g' },
    ],
    instructions:
      'Soak the desiccated coconut in warm water. Mix flour, sugar, salt and yeast, add the coconut with its water and the flavour, knead and work in margarine. Proof, scale 550 g loaves, sprinkle coconut on top and bake at 180°C for 32 minutes.',
    estimatedDuration: 255,
    doughSizeGrams: 550,
    loavesPerKgFlour: 3,
    pricePerLoaf: 2000,
    share: 0.12,
    batchFlourKg: [15, 20, 25],
    shelfLifeDays: 3,
  },
] as const satisfies readonly CatalogRecipe[];

export type RecipeName = (typeof RECIPES)[number]['name'];

export interface CatalogArea {
  city: 'Lagos' | 'Ibadan';
  area: string;
  streets: readonly string[];
}

export const LAGOS_AREAS = [
  { city: 'Lagos', area: 'Ikeja', streets: ['Allen Avenue', 'Obafemi Awolowo Way', 'Opebi Road'] },
  {
    city: 'Lagos',
    area: 'Yaba',
    streets: ['Herbert Macaulay Way', 'Commercial Avenue', 'Ojuelegba Road'],
  },
  {
    city: 'Lagos',
    area: 'Surulere',
    streets: ['Adeniran Ogunsanya Street', 'Bode Thomas Street', 'Akerele Street'],
  },
  {
    city: 'Lagos',
    area: 'Agege',
    streets: ['Old Abeokuta Road', 'Oba Ogunji Road', 'Dopemu Road'],
  },
  { city: 'Lagos', area: 'Ikorodu', streets: ['Lagos Road', 'Sagamu Road', 'Ebute Road'] },
  {
    city: 'Lagos',
    area: 'Lekki',
    streets: ['Admiralty Way', 'Fola Osibo Road', 'Lekki-Epe Expressway'],
  },
  {
    city: 'Lagos',
    area: 'Mushin',
    streets: ['Agege Motor Road', 'Ladipo Street', 'Idi-Araba Road'],
  },
  {
    city: 'Lagos',
    area: 'Oshodi',
    streets: ['Oshodi-Apapa Expressway', 'Isolo Road', 'Bolade Street'],
  },
  { city: 'Lagos', area: 'Festac', streets: ['2nd Avenue', '4th Avenue', '7th Avenue'] },
  { city: 'Lagos', area: 'Ajah', streets: ['Addo Road', 'Badore Road', 'Abraham Adesanya Road'] },
] as const satisfies readonly CatalogArea[];

export const IBADAN_AREAS = [
  {
    city: 'Ibadan',
    area: 'Bodija',
    streets: ['Awolowo Avenue', 'Bodija Market Road', 'Ashi Road'],
  },
  {
    city: 'Ibadan',
    area: 'Dugbe',
    streets: ['Jericho Road', 'Cocoa House Road', 'Lebanon Street'],
  },
  { city: 'Ibadan', area: 'Mokola', streets: ['Oyo Road', 'Queen Elizabeth Road', 'Mokola Hill'] },
  {
    city: 'Ibadan',
    area: 'Challenge',
    streets: ['Ring Road', 'Orita Challenge Road', 'Molete Road'],
  },
  { city: 'Ibadan', area: 'Ring Road', streets: ['Liberty Road', 'Oke-Ado Road', 'Idi-Ape Road'] },
] as const satisfies readonly CatalogArea[];

export const AREAS: readonly CatalogArea[] = [...LAGOS_AREAS, ...IBADAN_AREAS];

/** Nigerian mobile prefixes (MTN, Glo, Airtel, 9mobile), written as dialled at home. */
export const PHONE_PREFIXES = [
  '0803',
  '0806',
  '0813',
  '0816',
  '0703',
  '0706',
  '0903',
  '0805',
  '0807',
  '0815',
  '0905',
  '0802',
  '0808',
  '0812',
  '0701',
  '0902',
  '0809',
  '0817',
  '0818',
  '0909',
] as const;

export const FIRST_NAMES = [
  'Adebayo',
  'Adaeze',
  'Bisi',
  'Chinedu',
  'Chioma',
  'Emeka',
  'Funmilayo',
  'Folake',
  'Ibrahim',
  'Ifeoma',
  'Kehinde',
  'Kunle',
  'Musa',
  'Ngozi',
  'Nneka',
  'Olumide',
  'Segun',
  'Taiwo',
  'Titilayo',
  'Tunde',
  'Uche',
  'Yetunde',
  'Zainab',
  'Aisha',
] as const;

export const LAST_NAMES = [
  'Adeyemi',
  'Okafor',
  'Bakare',
  'Eze',
  'Balogun',
  'Okonkwo',
  'Ogunleye',
  'Nwosu',
  'Abubakar',
  'Adewale',
  'Olawale',
  'Obi',
  'Danjuma',
  'Oyelaran',
  'Afolabi',
  'Chukwu',
  'Lawal',
  'Ibekwe',
  'Akinola',
  'Salami',
] as const;

/** What distributors call their businesses: "{name}" fills in a first name. */
export const DISTRIBUTOR_NAME_PATTERNS = [
  'Mama {name} Bread Depot',
  '{name} & Sons Distribution',
  'Iya {name} Ventures',
  '{name} Provisions Store',
  '{name} Bread Kiosk',
  'Alhaji {name} Enterprises',
  '{name} Supermarket',
  '{name} Food Mart',
] as const;

export interface CatalogDistributor {
  name: string;
  city: 'Lagos' | 'Ibadan';
  area: string;
  /** "14 Allen Avenue" */
  street: string;
  phone: string;
  /** How much bread it takes compared with the others (1 = usual). */
  volume: number;
  /** Share of a sale's value it pays on the spot (0 to 1). */
  paysOnSpot: number;
}

export const DISTRIBUTORS = [
  {
    name: 'Mama Titi Bread Depot',
    city: 'Lagos',
    area: 'Agege',
    street: '14 Old Abeokuta Road',
    phone: '0803 123 4567',
    volume: 1.6,
    paysOnSpot: 0.7,
  },
  {
    name: 'Alhaji Musa & Sons Distribution',
    city: 'Lagos',
    area: 'Ikeja',
    street: '27 Allen Avenue',
    phone: '+234 806 221 9034',
    volume: 1.8,
    paysOnSpot: 0.4,
  },
  {
    name: 'Iya Bisi Ventures',
    city: 'Lagos',
    area: 'Mushin',
    street: '8 Ladipo Street',
    phone: '0813 556 7720',
    volume: 1.2,
    paysOnSpot: 0.9,
  },
  {
    name: 'Chinedu Okafor Enterprises',
    city: 'Lagos',
    area: 'Yaba',
    street: '112 Herbert Macaulay Way',
    phone: '0805 774 1209',
    volume: 1.1,
    paysOnSpot: 0.6,
  },
  {
    name: 'Bola Adeyemi Provisions',
    city: 'Lagos',
    area: 'Surulere',
    street: '45 Bode Thomas Street',
    phone: '0802 918 3356',
    volume: 0.9,
    paysOnSpot: 1,
  },
  {
    name: 'Kehinde Bread Kiosk',
    city: 'Lagos',
    area: 'Ikorodu',
    street: '3 Sagamu Road',
    phone: '0706 432 8810',
    volume: 0.7,
    paysOnSpot: 1,
  },
  {
    name: 'Lekki Fresh Foods Supermarket',
    city: 'Lagos',
    area: 'Lekki',
    street: '19 Admiralty Way',
    phone: '+234 816 775 0042',
    volume: 1.3,
    paysOnSpot: 0,
  },
  {
    name: 'Ngozi Eze Food Mart',
    city: 'Lagos',
    area: 'Festac',
    street: '6 2nd Avenue',
    phone: '0807 650 2291',
    volume: 0.8,
    paysOnSpot: 0.8,
  },
  {
    name: 'Oshodi Daily Bread Stores',
    city: 'Lagos',
    area: 'Oshodi',
    street: '31 Isolo Road',
    phone: '0909 118 6604',
    volume: 1,
    paysOnSpot: 0.5,
  },
  {
    name: 'Ajah Mini Mart',
    city: 'Lagos',
    area: 'Ajah',
    street: '2 Addo Road',
    phone: '0812 340 7756',
    volume: 0.6,
    paysOnSpot: 1,
  },
  {
    name: 'Mama Kunle Bread Depot',
    city: 'Ibadan',
    area: 'Bodija',
    street: '10 Bodija Market Road',
    phone: '0803 871 2240',
    volume: 1.2,
    paysOnSpot: 0.6,
  },
  {
    name: 'Dugbe Central Provisions',
    city: 'Ibadan',
    area: 'Dugbe',
    street: '55 Jericho Road',
    phone: '0815 209 6631',
    volume: 0.9,
    paysOnSpot: 0.5,
  },
  {
    name: 'Iya Yetunde Ventures',
    city: 'Ibadan',
    area: 'Mokola',
    street: '4 Oyo Road',
    phone: '+234 703 448 1927',
    volume: 0.7,
    paysOnSpot: 0.9,
  },
  {
    name: 'Challenge Bread Kiosk',
    city: 'Ibadan',
    area: 'Challenge',
    street: '17 Ring Road',
    phone: '0902 663 1185',
    volume: 0.5,
    paysOnSpot: 0.8,
  },
] as const satisfies readonly CatalogDistributor[];

export interface CatalogUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  /** A starter role's name (src/server/db/starter-data.ts), or null for none. */
  role: 'Production Staff' | 'Sales Team' | 'Manager' | null;
}

/** The demo accounts: one admin and a few staff with the starter roles. */
export const DEMO_USERS = [
  {
    username: 'demo',
    firstName: 'Adaeze',
    lastName: 'Okafor',
    email: 'demo@bakerypro.ng',
    isAdmin: true,
    role: null,
  },
  {
    username: 'funmi_manager',
    firstName: 'Funmilayo',
    lastName: 'Adeyemi',
    email: 'funmi@bakerypro.ng',
    isAdmin: false,
    role: 'Manager',
  },
  {
    username: 'tunde_baker',
    firstName: 'Tunde',
    lastName: 'Bakare',
    email: 'tunde@bakerypro.ng',
    isAdmin: false,
    role: 'Production Staff',
  },
  {
    username: 'ibrahim_baker',
    firstName: 'Ibrahim',
    lastName: 'Abubakar',
    email: 'ibrahim@bakerypro.ng',
    isAdmin: false,
    role: 'Production Staff',
  },
  {
    username: 'ngozi_sales',
    firstName: 'Ngozi',
    lastName: 'Eze',
    email: 'ngozi@bakerypro.ng',
    isAdmin: false,
    role: 'Sales Team',
  },
] as const satisfies readonly CatalogUser[];

/** Every demo account signs in with this password (it meets the register rules: 8-128 characters). */
export const DEMO_PASSWORD = 'demo-bakery-2026';

/** Notes a baker writes on batches, payments and returns. */
export const BATCH_NOTES = [
  'Generator ran during NEPA outage',
  'Oven 2 slow to heat',
  'Extra order for Sunday church',
  'New bag lot from depot',
  'Dough proofed fast, hot morning',
  'Night shift batch',
] as const;

export const RETURN_NOTES = {
  spoiled: ['Mould after 3 days in the shop', 'Not sold before expiry'],
  damaged: ['Crushed in the bus', 'Crate fell off the keke'],
  quality_issue: ['Underbaked in the middle', 'Too much salt, customers complained'],
  other: ['Wrong bread type delivered', 'Shop closed for public holiday'],
} as const;

/** Notes on write-offs, by reason. */
export const WASTE_NOTES = {
  stale: ['Sold to the pig farmer from Ikorodu', 'Mouldy, thrown away', 'Dried out, thrown away'],
  given_away: ['Given to the motherless babies home, Ikeja', 'Given to the church food bank'],
  staff: ['Shared among the night shift', 'Staff breakfast'],
  damaged: [
    'Crushed when a rack tipped over',
    'Burnt: oven 2 ran hot',
    'Squashed in the van',
    'Rats got into the store room',
  ],
} as const;

/** Cancelled batches say why. */
export const CANCEL_NOTES = [
  'Cancelled: oven 2 thermostat failed',
  'Cancelled: generator broke down during a power cut',
  'Cancelled: dough over-proofed, discarded',
  'Cancelled: supermarket order withdrawn',
] as const;

export const ORDER_NOTES = [
  'Deliver to the back gate before 2pm',
  'Call the store manager before delivery',
  'Price includes transport',
  'Part of the monthly supply agreement',
] as const;

/** Banks and wallets named in payment descriptions. */
export const BANKS = [
  'GTBank',
  'Access Bank',
  'First Bank',
  'Zenith Bank',
  'UBA',
  'Fidelity Bank',
] as const;
export const MOBILE_WALLETS = ['OPay', 'Moniepoint', 'PalmPay'] as const;
