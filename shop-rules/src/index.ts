export * from './catalog.types';
