import { AGE_COOKIE } from '@brewery/shop-rules';
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * What the server drew: true when its HTML has no gate (the cookie said so), false when it drew the gate.
 * Null when no server drew the page; then the answer is read from the browser at once.
 */
export const ServerAgeAnswerContext = createContext<boolean | null>(null);

const listeners = new Set<() => void>();

function storedAnswer(): boolean {
  return localStorage.getItem(STORAGE_KEYS.ageVerified) === 'true' || hasAgeCookie();
}

function hasAgeCookie(): boolean {
  return document.cookie.split('; ').includes(`${AGE_COOKIE}=true`);
}

function rememberAnswer(): void {
  localStorage.setItem(STORAGE_KEYS.ageVerified, 'true');
  document.cookie = `${AGE_COOKIE}=true; Max-Age=${ONE_YEAR_S}; Path=/; SameSite=Lax`;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * Whether the visitor has said they are 18 or older. The answer lives in local storage (the spec's key)
 * and in a cookie for the server; a visitor who answered before the cookie existed gets it on this visit.
 * A hydrating page first draws what the server drew, then what the browser remembers.
 */
export function useAgeAnswer(): { verified: boolean; confirm: () => void } {
  const drawn = useContext(ServerAgeAnswerContext);
  const verified = useSyncExternalStore(subscribe, storedAnswer, () => drawn ?? false);
  useEffect(() => {
    if (verified && !hasAgeCookie()) rememberAnswer();
  }, [verified]);
  const confirm = useCallback(() => {
    rememberAnswer();
    for (const listener of listeners) listener();
  }, []);
  return { verified, confirm };
}
