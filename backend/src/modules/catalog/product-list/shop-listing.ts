import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { isReleased, type Product } from '@brewery/shop-rules';
import { PreparedBody } from '../../../platform/http/prepared-response';
import { CLOCK, type Clock } from '../../../platform/clock';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { GetShopProductsQuery } from './product-list.queries';

/** The shop's product list as it goes on the wire: the JSON and its strong ETag. */
export interface ShopListingBody {
  body: string;
  etag: string;
  /** The same list, parsed (the server-rendered pages draw from it); not to be changed. */
  products: readonly Product[];
  /** The JSON as sent: its bytes and compressed forms, made once for this list. */
  prepared: PreparedBody;
  /**
   * `GET /api/products/{id}` for a beer of this list (`{ id, name, isActive, inventory, releaseAt }`, what the checkout
   * checks a line against, each as the list shows it), made the first time it is asked for; null for a beer not on
   * sale (unknown, a draft, deleted).
   */
  availability(productId: string): PreparedBody | null;
}

/**
 * `GET /api/products` is the shop's busiest read. The JSON and its ETag are built once per position of the
 * read models and reused until they move on: the position this process's read models have reached, whoever
 * applied the events (this process, or the lease holder keeping shared read models, which a follower reads
 * within its follow interval). So every process serves what the log says, and the first request after a price
 * change, a publication, a reservation or a sale builds the new answer. A scheduled release changes the answer
 * with no event at all: its time coming is counted in the key and the ETag, so the first request after it (in
 * every process, by its own clock) builds the answer and the pages drawn from it afresh.
 *
 * Built once however many ask: requests that come while an answer is being built for the same position wait
 * for that one. And most events (an e-mail sent, an order paid) leave the list as it was: when the list built
 * for the new position is the same, the answer kept goes on, with the compressed forms already made for it.
 */
@Injectable()
export class ShopListing {
  private cached: (ShopListingBody & { position: number; released: number; build: number }) | null = null;
  /** Builds started so far: a build keeps its answer only if none started after it has kept one. */
  private builds = 0;
  /** The answer being built, and for which position: those who ask meanwhile wait for it. */
  private building: { position: number; answer: Promise<ShopListingBody> } | null = null;

  constructor(
    private readonly queries: QueryBus,
    @Inject(ProjectionRunner) private readonly projections: Pick<ProjectionRunner, 'readModelsPosition'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  current(): Promise<ShopListingBody> {
    // Read before the list: an answer read while an event was landing carries the older position and is rebuilt.
    const position = this.projections.readModelsPosition();
    const kept = this.fresh();
    if (kept !== null) return Promise.resolve(kept);
    // One build per position: a release time passing during it is seen by the first request after it (`fresh`).
    if (this.building?.position === position) return this.building.answer;
    const answer = this.build(position).finally(() => {
      if (this.building?.answer === answer) this.building = null;
    });
    this.building = { position, answer };
    return answer;
  }

  private async build(position: number): Promise<ShopListingBody> {
    const build = ++this.builds;
    const now = this.clock.now();
    const products = await this.queries.execute(new GetShopProductsQuery());
    const body = JSON.stringify(products);
    const released = releasedOf(products, now);
    const etag = `"${createHash('sha256').update(`${body}\0${released}`).digest('base64url')}"`;
    const kept = this.cached;
    // The same list as the one kept: it goes on, under the new position, with the forms already made for it.
    const listing =
      kept !== null && kept.etag === etag
        ? { ...kept, position, build }
        : {
            position,
            released,
            body,
            products,
            etag,
            prepared: PreparedBody.json(body, etag),
            availability: availabilityOf(products),
            build,
          };
    // A slower reader that started before a newer answer was kept must not put its older one back. Ordered by
    // when builds started, not by position, which moves back when the shared read models' checkpoint does.
    if (this.cached === null || this.cached.build < build) this.cached = listing;
    return listing;
  }

  /**
   * The answer kept, when it is still the answer: the read models have not moved on and no release time has come
   * since. Null otherwise (`current()` then builds it). Synchronous, for the server's path for hot reads.
   */
  fresh(): ShopListingBody | null {
    const kept = this.cached;
    if (kept === null || kept.position !== this.projections.readModelsPosition()) return null;
    return kept.released === releasedOf(kept.products, this.clock.now()) ? kept : null;
  }
}

/** Each listed beer's availability, as its JSON, made when first asked for. */
function availabilityOf(products: readonly Product[]): (productId: string) => PreparedBody | null {
  const made = new Map<string, PreparedBody>();
  return (productId) => {
    let body = made.get(productId);
    if (body === undefined) {
      const product = products.find((candidate) => candidate.id === productId);
      if (product === undefined) return null;
      const { id, name, isActive, inventory } = product;
      body = PreparedBody.json(JSON.stringify({ id, name, isActive, inventory, releaseAt: product.releaseAt ?? null }));
      made.set(productId, body);
    }
    return body;
  };
}

/** How many of the listed beers with a release time have reached it at `now`. */
function releasedOf(products: readonly Product[], now: Date): number {
  return products.filter((product) => product.releaseAt != null && isReleased(product, now)).length;
}
