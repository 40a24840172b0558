import type { PublicConfig } from '@brewery/shop-rules';

export const publicConfigFixture: PublicConfig = {
  brandName: 'Indian Ocean Brewing Co.',
  shopEmail: 'hello@brewery.test',
  paymentMode: 'test',
  stripePublishableKey: null,
  address: '12 Brewery Lane, Osborne Park WA 6017',
  liquorLicence: {
    number: '6080012345',
    licenceClass: 'Producer',
    licensee: 'Indian Ocean Brewing Pty Ltd',
    premises: '12 Brewery Lane, Osborne Park WA 6017',
  },
  social: [
    { label: 'Instagram', url: 'https://instagram.example/brewery' },
    { label: 'Facebook', url: 'https://facebook.example/brewery' },
  ],
};
