import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { ClubPlansProjection, CLUB_PLANS, clubPlanView, type ClubPlanDoc } from './club-plans.projection';

function created(revision: number, planId: string, name: string): RecordedEvent {
  return {
    id: `e${revision}`,
    streamName: 'clubplans-all',
    revision,
    globalPosition: 100 + revision,
    type: 'ClubPlanCreated',
    data: {
      planId,
      name,
      cans: 16,
      every: 'month',
      priceCents: 7900,
      description: '',
      createdAt: `2026-12-0${revision + 1}T00:00:00.000Z`,
    },
    metadata: { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-12-01T00:00:00.000Z' },
  };
}

async function project(events: readonly RecordedEvent[]): Promise<ClubPlanDoc[]> {
  const store = new MemoryDocumentStore();
  const projection = new ClubPlansProjection();
  for (const event of events) await projection.apply(event, store);
  return store.collection<ClubPlanDoc>(CLUB_PLANS).find({}, { sort: { createdAt: 1 } });
}

describe('club plans read model', () => {
  const history = [created(0, 'p1', 'Monthly 16'), created(1, 'p2', 'Quarterly 8')];

  it('keeps one document per plan, with its price in dollars at the edge', async () => {
    const docs = await project(history);
    expect(docs.map(clubPlanView).map((plan) => [plan.planId, plan.name, plan.price])).toEqual([
      ['p1', 'Monthly 16', '79.00'],
      ['p2', 'Quarterly 8', '79.00'],
    ]);
  });

  it('changes nothing when an event is delivered again, in any order', async () => {
    expect(await project([...history, ...history])).toEqual(await project(history));
    expect(await project([history[1], history[0], history[1]].filter((e): e is RecordedEvent => e !== undefined))).toEqual(
      await project(history),
    );
  });
});
