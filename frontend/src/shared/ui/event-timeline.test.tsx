import type { EventTimelineEntry } from '@brewery/shop-rules';
import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actorLabel, EventTimeline } from './event-timeline';

describe('who caused an event', () => {
  it.each([
    [{ id: 'p-1', name: 'Paula Pack', role: 'packer' } as const, 'Paula Pack · packer'],
    [{ id: 'o-1', name: 'Olive Owner', role: 'owner' } as const, 'Olive Owner · owner'],
    ['admin' as const, 'Admin'],
    ['customer' as const, 'Customer'],
    ['stripe' as const, 'Payment provider'],
    ['system' as const, 'System'],
  ])('%j reads "%s"', (actor, label) => {
    expect(actorLabel(actor)).toBe(label);
  });

  it('names the person of the staff in a history, and an event from before staff accounts "Admin"', () => {
    const entries: EventTimelineEntry[] = [
      { at: '2026-11-25T02:46:00.000Z', type: 'OrderPacked', summary: 'Packed', actor: 'admin', stream: 'order-1', revision: 1 },
      {
        at: '2026-11-26T02:46:00.000Z',
        type: 'OrderShipped',
        summary: 'Shipped',
        actor: { id: 'p-1', name: 'Paula Pack', role: 'packer' },
        stream: 'order-1',
        revision: 2,
      },
    ];
    render(
      <EventTimeline
        history={{ isPending: false, isError: false, data: entries } as UseQueryResult<EventTimelineEntry[]>}
        subject="order"
      />,
    );
    expect(screen.getByText('Packed').closest('.event-timeline__entry')).toHaveTextContent('Admin');
    expect(screen.getByText('Shipped').closest('.event-timeline__entry')).toHaveTextContent('Paula Pack · packer');
  });
});
