import { Injectable } from '@nestjs/common';

/**
 * Counts the writes the product-list projection has made in this process. The projection is the only
 * writer of the `products` collection and runs in the shop's own process, so an answer built from the
 * collection stays true for as long as this count stands. The count moves after each write (never
 * before), so an answer read while a write was landing is tagged with the older count and thrown away.
 */
@Injectable()
export class ProductListChanges {
  private count = 0;

  get current(): number {
    return this.count;
  }

  recordWrite(): void {
    this.count += 1;
  }
}
