/** The starter range lives in the shared rules (`shop-rules/src/seed-catalogue.ts`); the shop's test products are made from it too. */
export { SEED_CATALOGUE, seedProductId, type SeedBeer } from '@brewery/shop-rules';
