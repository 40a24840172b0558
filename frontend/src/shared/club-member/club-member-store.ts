import { STORAGE_KEYS } from '@/shared/config/storage-keys';

/**
 * A beer club member's browser. Every club e-mail links to the shop with the member's token (`?member=<token>`):
 * the token is kept in local storage (`brewery.memberToken`), and once the server has said whose it is and that
 * the membership is active or paused, their name and e-mail address are kept beside it (`brewery.clubMember`).
 * Only then is this a member's browser. Components read it through `useSyncExternalStore` (see
 * use-club-member.ts): no member for the server's HTML, and every tab follows another tab's change.
 */
export interface ClubMember {
  token: string;
  /** The member's e-mail address: club early access is for the member's own address. */
  email: string;
  name: string;
}

export interface ClubMemberState {
  /** The token this browser keeps, checked or not yet; null: none. */
  token: string | null;
  /** Whose it is, when the server said it is an active or paused member's; null otherwise. */
  member: ClubMember | null;
}

/** The query parameter of the links in club e-mails. */
export const MEMBER_LINK_PARAM = 'member';

/** Longer than any token the shop makes: anything longer is not one of its links. */
const MAX_TOKEN_LENGTH = 512;

const NO_STATE: ClubMemberState = { token: null, member: null };
const listeners = new Set<() => void>();
let lastTokenRaw: string | null | undefined;
let lastMemberRaw: string | null | undefined;
let lastState: ClubMemberState = NO_STATE;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage switched off: no member browser, as with no link.
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or switched off: the browser stays as it was.
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** A token as the links carry it: some text without spaces, of a sensible length. */
export function isMemberToken(text: string): boolean {
  return text.length > 0 && text.length <= MAX_TOKEN_LENGTH && !/\s/.test(text);
}

function parseMember(raw: string | null, token: string | null): ClubMember | null {
  if (raw === null || token === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token: owner, email, name } = parsed as Record<string, unknown>;
    // Details kept for another token (an older link) say nothing about this one.
    if (owner !== token || typeof email !== 'string' || email === '') return null;
    return { token, email, name: typeof name === 'string' ? name : '' };
  } catch {
    return null;
  }
}

/** This browser's token and member, the same object while what is stored is the same. */
export function clubMemberState(): ClubMemberState {
  const tokenRaw = read(STORAGE_KEYS.memberToken);
  const memberRaw = read(STORAGE_KEYS.clubMember);
  if (tokenRaw !== lastTokenRaw || memberRaw !== lastMemberRaw) {
    lastTokenRaw = tokenRaw;
    lastMemberRaw = memberRaw;
    const token = tokenRaw !== null && isMemberToken(tokenRaw) ? tokenRaw : null;
    const member = parseMember(memberRaw, token);
    lastState = token === null ? NO_STATE : { token, member };
  }
  return lastState;
}

/** What the server draws: no member (it knows no visitor's browser). */
export function serverClubMemberState(): ClubMemberState {
  return NO_STATE;
}

/** Keeps a token from a club link. Another token than the one kept forgets whose the old one was. */
export function rememberMemberToken(token: string): void {
  if (!isMemberToken(token)) return;
  const { token: kept } = clubMemberState();
  if (kept === token) return;
  write(STORAGE_KEYS.memberToken, token);
  write(STORAGE_KEYS.clubMember, null);
  notify();
}

/**
 * What the server said of `token`: a member who may buy early (active or paused), or not (null; the token stays,
 * as a membership past due may be put right). Nothing changes when another token was kept meanwhile.
 */
export function rememberClubMember(token: string, member: ClubMember | null): void {
  if (clubMemberState().token !== token) return;
  const next = member === null ? null : JSON.stringify({ token, email: member.email, name: member.name });
  if (read(STORAGE_KEYS.clubMember) === next) return;
  write(STORAGE_KEYS.clubMember, next);
  notify();
}

/** A token the server does not know (or a membership that ended): forgotten, with whose it was. */
export function forgetMemberToken(token: string): void {
  if (clubMemberState().token !== token) return;
  write(STORAGE_KEYS.memberToken, null);
  write(STORAGE_KEYS.clubMember, null);
  notify();
}

export function subscribeToClubMember(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.memberToken || event.key === STORAGE_KEYS.clubMember || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * A club link (`/shop?member=<token>`, `/shop/<slug>?member=<token>`, any page of the shop): its token is kept,
 * and the address bar loses it, so that the member does not pass it on by sharing the address of a beer.
 */
export function takeMemberLink(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(MEMBER_LINK_PARAM)) return;
  const token = (url.searchParams.get(MEMBER_LINK_PARAM) ?? '').trim();
  if (isMemberToken(token)) rememberMemberToken(token);
  url.searchParams.delete(MEMBER_LINK_PARAM);
  // The router's own state is kept: Back and Forward still find their places.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
