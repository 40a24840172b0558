import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/api/query-client';
import { stubApi } from '@/testing/fake-api';
import { MEMBER_EMAIL, MEMBER_TOKEN, keepMemberBrowser, memberCheckKey, memberView } from '@/testing/club-member-fixture';
import { useClubMember } from './use-club-member';

function renderMember() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useClubMember(), { wrapper });
}

function visit(address: string) {
  window.history.replaceState(null, '', address);
}

const member = { token: MEMBER_TOKEN, email: MEMBER_EMAIL, name: 'Ada Lovelace' };

afterEach(() => {
  visit('/');
});

describe('useClubMember: a club link', () => {
  it('given /shop/<slug>?member=<token>, then the token is kept, the address loses it, and an active member makes this a member browser', async () => {
    const fetchMock = stubApi({ [memberCheckKey()]: { body: memberView('active') } });
    visit(`/shop/hazy-ipa?member=${MEMBER_TOKEN}&utm_source=club#top`);
    const { result } = renderMember();

    await waitFor(() => expect(result.current).toEqual(member));
    expect(localStorage.getItem('brewery.memberToken')).toBe(MEMBER_TOKEN);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/shop/hazy-ipa?utm_source=club#top');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('given a paused member, then this is a member browser too', async () => {
    stubApi({ [memberCheckKey()]: { body: memberView('paused') } });
    visit(`/shop?member=${MEMBER_TOKEN}`);
    const { result } = renderMember();
    await waitFor(() => expect(result.current).toEqual(member));
  });

  it.each(['past_due', 'pending_card'] as const)(
    'given a member %s, then it is no member browser, and the token is kept for later',
    async (status) => {
      const fetchMock = stubApi({ [memberCheckKey()]: { body: memberView(status) } });
      visit(`/shop?member=${MEMBER_TOKEN}`);
      const { result } = renderMember();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await act(async () => undefined);
      expect(result.current).toBeNull();
      expect(localStorage.getItem('brewery.memberToken')).toBe(MEMBER_TOKEN);
      expect(localStorage.getItem('brewery.clubMember')).toBeNull();
    },
  );

  it.each([
    { given: 'a token the server does not know (404)', answer: { status: 404, body: { statusCode: 404, message: 'Not found' } } },
    { given: 'a cancelled membership', answer: { body: memberView('cancelled') } },
  ])('given $given, then the token is forgotten', async ({ answer }) => {
    const fetchMock = stubApi({ [memberCheckKey()]: answer });
    visit(`/shop?member=${MEMBER_TOKEN}`);
    const { result } = renderMember();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(localStorage.getItem('brewery.memberToken')).toBeNull());
    expect(result.current).toBeNull();
  });

  it('given a member browser from before, then it is a member at once, and the server is asked once whether it still is', async () => {
    keepMemberBrowser();
    const fetchMock = stubApi({ [memberCheckKey()]: { body: memberView('active') } });
    const { result } = renderMember();
    expect(result.current).toEqual(member);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('given a member browser from before whose membership has lapsed, then it stops being one', async () => {
    keepMemberBrowser();
    stubApi({ [memberCheckKey()]: { body: memberView('past_due') } });
    const { result } = renderMember();
    await waitFor(() => expect(result.current).toBeNull());
  });

  it('given the server cannot be asked just now, then a member browser stays one', async () => {
    keepMemberBrowser();
    const fetchMock = stubApi({ [memberCheckKey()]: { status: 503, body: { statusCode: 503, message: 'Busy' } } });
    const { result } = renderMember();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(result.current).toEqual(member);
  });

  it('given a new link with another token, then whose the old one was is forgotten until the new one is checked', async () => {
    keepMemberBrowser('mtok_old');
    stubApi({
      [memberCheckKey()]: { body: memberView('active', 'ada.new@example.com') },
      [memberCheckKey('mtok_old')]: { body: memberView('active') },
    });
    visit(`/shop?member=${MEMBER_TOKEN}`);
    const { result } = renderMember();
    await waitFor(() => expect(result.current).toEqual({ ...member, email: 'ada.new@example.com' }));
    expect(localStorage.getItem('brewery.memberToken')).toBe(MEMBER_TOKEN);
  });

  it('given no link and nothing kept, then it is no member browser and nothing is asked', async () => {
    const fetchMock = stubApi({});
    const { result } = renderMember();
    await act(async () => undefined);
    expect(result.current).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the server draws no member, whatever this browser keeps', () => {
    keepMemberBrowser();
    let drawn: unknown = 'not drawn';
    function Probe() {
      drawn = useClubMember();
      return null;
    }
    renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(drawn).toBeNull();
  });
});
