import type { Product } from './catalog.types';

/** One beer of the starter range: what the server's Seed Products creates. */
export interface SeedBeer {
  /** The product id is `seed-<slug>`; the frontend ships its can artwork at /cans/<slug>.svg. */
  slug: string;
  /** Every Product field but `id`. */
  fields: Omit<Product, 'id'>;
}

/**
 * The brewery's core range and specials, for a fresh shop. A spread on purpose: every beer type and none,
 * 3.5 to 10.5 % ABV, packs cheaper per can as they grow (some disabled or unpriced), plenty of stock,
 * low stock and none, one draft and one archived beer.
 */
export const SEED_CATALOGUE: readonly SeedBeer[] = [
  {
    slug: 'quokka-pale-ale',
    fields: {
      name: 'Quokka Pale Ale',
      style: 'Australian Pale Ale',
      description:
        'Our flagship and the happiest beer on the island. Galaxy and Ella hops bring passionfruit and stone fruit over a soft, bready malt base, with a clean bitter finish that keeps you coming back.',
      abv: 4.8,
      beerType: null,
      imageUrl: '/cans/quokka-pale-ale.svg',
      inventory: 240,
      isActive: true,
      archived: false,
      price: '6.50',
      price4Pack: '24.00',
      price8Pack: '46.00',
      price16Pack: '88.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'fremantle-doctor-xpa',
    fields: {
      name: 'Fremantle Doctor XPA',
      style: 'Extra Pale Ale',
      description:
        'Named for the sea breeze that rolls in off the Indian Ocean every summer afternoon. Pale, dry and bursting with Citra and Mosaic: grapefruit, lime zest and a breezy, refreshing finish.',
      abv: 5.2,
      beerType: 'New Batch',
      imageUrl: '/cans/fremantle-doctor-xpa.svg',
      inventory: 180,
      isActive: true,
      archived: false,
      price: '7.00',
      price4Pack: '26.00',
      price8Pack: '50.00',
      price16Pack: '96.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'rottnest-hazy-ipa',
    fields: {
      name: 'Rottnest Hazy IPA',
      style: 'Hazy IPA',
      description:
        'Soft as the sand at the Basin. Oats and wheat give a pillowy body; a heavy dry hop of Nelson Sauvin and Strata pours on mango, white grape and ripe pineapple. Hardly bitter, dangerously drinkable.',
      abv: 6.5,
      beerType: 'New Beer',
      imageUrl: '/cans/rottnest-hazy-ipa.svg',
      inventory: 3,
      isActive: true,
      archived: false,
      price: '8.00',
      price4Pack: '30.00',
      price8Pack: '58.00',
      price16Pack: '112.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'swan-valley-lager',
    fields: {
      name: 'Swan Valley Lager',
      style: 'Crisp Lager',
      description:
        'Lagered cold for six weeks for a bright, crisp pour. A whisper of noble hops and a cracker-dry finish: the beer for a long lunch among the vines or a hot day on the back verandah.',
      abv: 4.5,
      beerType: null,
      imageUrl: '/cans/swan-valley-lager.svg',
      inventory: 320,
      isActive: true,
      archived: false,
      price: '5.50',
      price4Pack: '20.00',
      price8Pack: '38.00',
      price16Pack: '72.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'kings-park-kolsch',
    fields: {
      name: 'Kings Park Kölsch',
      style: 'Kölsch',
      description:
        'A golden ale brewed the Cologne way: fermented warm with a classic Kölsch yeast, then cold-conditioned until it gleams. Delicate pear and honeyed malt, soft bitterness, made for picnics under the gums.',
      abv: 4.7,
      beerType: 'New Batch',
      imageUrl: '/cans/kings-park-kolsch.svg',
      inventory: 96,
      isActive: true,
      archived: false,
      price: '6.50',
      price4Pack: '24.00',
      price8Pack: '46.00',
      price16Pack: null,
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: false,
      maxPerOrder: null,
    },
  },
  {
    slug: 'karri-forest-stout',
    fields: {
      name: 'Karri Forest Stout',
      style: 'Oatmeal Stout',
      description:
        'Dark as the forest floor under the giant karri trees. Roasted barley, oats and a touch of chocolate malt give a velvety body with notes of espresso, cocoa and a hint of smoke.',
      abv: 5.8,
      beerType: null,
      imageUrl: '/cans/karri-forest-stout.svg',
      inventory: 0,
      isActive: true,
      archived: false,
      price: '7.50',
      price4Pack: '28.00',
      price8Pack: '54.00',
      price16Pack: null,
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: false,
      maxPerOrder: null,
    },
  },
  {
    slug: 'cottesloe-sunset-sour',
    fields: {
      name: 'Cottesloe Sunset Sour',
      style: 'Fruited Sour',
      description:
        'Kettle-soured and loaded with mango and passionfruit, the colour of the sky over the pylon at dusk. Tart, juicy and bright; a small batch, so grab it while the sun is still up.',
      abv: 4.2,
      beerType: 'Limited Release',
      imageUrl: '/cans/cottesloe-sunset-sour.svg',
      inventory: 2,
      isActive: true,
      archived: false,
      price: '8.50',
      price4Pack: '32.00',
      price8Pack: null,
      price16Pack: null,
      enable4Pack: true,
      enable8Pack: false,
      enable16Pack: false,
      maxPerOrder: null,
    },
  },
  {
    slug: 'pinnacles-west-coast-ipa',
    fields: {
      name: 'Pinnacles West Coast IPA',
      style: 'West Coast IPA',
      description:
        'Brewed with our mates from up the coast in Geraldton. Crystal clear, bone dry and unapologetically bitter, with Simcoe and Centennial pine, resin and orange peel standing tall like the limestone spires.',
      abv: 6.8,
      beerType: 'Collab Release',
      imageUrl: '/cans/pinnacles-west-coast-ipa.svg',
      inventory: 150,
      isActive: true,
      archived: false,
      price: '8.00',
      price4Pack: '30.00',
      price8Pack: '58.00',
      price16Pack: '112.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'margaret-river-saison',
    fields: {
      name: 'Margaret River Saison',
      style: 'Farmhouse Saison',
      description:
        'A rustic farmhouse ale fermented with a peppery Belgian yeast and finished on Sauvignon Blanc grape skins from a Wilyabrup vineyard. Spicy, dry and vinous. Still conditioning: it goes live soon.',
      abv: 6.2,
      beerType: 'Limited Release',
      imageUrl: '/cans/margaret-river-saison.svg',
      inventory: 60,
      isActive: false,
      archived: false,
      price: '8.00',
      price4Pack: '30.00',
      price8Pack: '58.00',
      price16Pack: null,
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: false,
      maxPerOrder: null,
    },
  },
  {
    slug: 'nullarbor-imperial-stout',
    fields: {
      name: 'Nullarbor Imperial Stout',
      style: 'Imperial Stout',
      description:
        'Vast, dark and built for the long haul. Aged on toasted oak and cacao nibs: molasses, dark chocolate and dried fig, with a warming finish that stretches on like the plain itself. Sip slowly.',
      abv: 10.5,
      beerType: 'Limited Release',
      imageUrl: '/cans/nullarbor-imperial-stout.svg',
      inventory: 4,
      isActive: true,
      archived: false,
      price: '12.00',
      price4Pack: '46.00',
      price8Pack: '88.00',
      price16Pack: null,
      enable4Pack: true,
      enable8Pack: true,
      // Switched on, but unpriced: the 16-pack stays unavailable until it has a price.
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'lake-monger-mid',
    fields: {
      name: 'Lake Monger Mid',
      style: 'Mid-Strength Pale',
      description:
        'All the hop character, less of the morning after. A mid-strength pale with Motueka lime and a light, biscuity malt body: a lap of the lake, then another, then maybe one more.',
      abv: 3.5,
      beerType: 'New Beer',
      imageUrl: '/cans/lake-monger-mid.svg',
      inventory: 200,
      isActive: true,
      archived: false,
      price: '5.00',
      price4Pack: '18.00',
      price8Pack: '34.00',
      price16Pack: '64.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
  {
    slug: 'kimberley-red-ale',
    fields: {
      name: 'Kimberley Red Ale',
      style: 'Red Ale',
      description:
        'Red as the Kimberley dirt. Caramel and toffee malts meet earthy English hops in a smooth, full-bodied ale. Retired from the range for now, but we have a few cases left for the faithful.',
      abv: 5.6,
      beerType: null,
      imageUrl: '/cans/kimberley-red-ale.svg',
      inventory: 24,
      isActive: true,
      archived: true,
      price: '7.00',
      price4Pack: '26.00',
      price8Pack: '50.00',
      price16Pack: '96.00',
      enable4Pack: true,
      enable8Pack: true,
      enable16Pack: true,
      maxPerOrder: null,
    },
  },
];

export function seedProductId(slug: string): string {
  return `seed-${slug}`;
}

/** The seed beer with this slug as a product, under the id Seed Products gives it. */
export function seedProduct(slug: string): Product {
  const beer = SEED_CATALOGUE.find((candidate) => candidate.slug === slug);
  if (beer === undefined) throw new Error(`There is no seed beer ${slug}.`);
  return { id: seedProductId(slug), ...beer.fields };
}
