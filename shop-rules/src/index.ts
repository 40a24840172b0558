export * from './catalog.types';
export * from './api.types';
