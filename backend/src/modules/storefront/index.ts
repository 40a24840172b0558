/** What the HTTP edge uses from the storefront: the server-rendered pages. */
export { StorefrontModule } from './storefront.module';
