import { REMEMBER_EMAIL_DAYS } from '@atendo/shared';
import { useSyncExternalStore } from 'react';

/** Every browser-storage key the app uses (seed 002 "Local flags"), in one place. */
export const STORAGE_KEYS = {
  token: 'token',
  preferredTheme: 'preferredTheme',
  volume: 'volume',
  language: 'language',
  rememberedEmail: 'rememberedEmail',
  tasks: 'tasks',
  cshow: 'cshow',
  version: 'version',
  announcementLastSeen: 'announcementLastSeen',
  /** The composer's signature switch (sendSignMessage): 'false' when the attendant turned it off. */
  signOption: 'signOption',
  /** The side menu's sections the user folded, comma-separated group keys (e.g. 'admin,campaigns'). */
  menuFolded: 'menuFolded',
  /** The conversation's contact panel on wide screens: 'closed' when the user closed it (open by default). */
  contactPanel: 'contactPanel',
  /** The contact panel's sections the user folded, comma-separated section keys (e.g. 'notes,history'). */
  contactPanelFolded: 'contactPanelFolded',
} as const;

export const FIRST_VISIT_FLAGS = [
  'hasVisitedSchedules',
  'hasVisitedTypebot',
  'hasVisitedKanban',
  'hasVisitedPrompts',
  'hasVisitedQueues',
  'hasVisitedConnections',
  'hasVisitedCampaigns',
] as const;
export type FirstVisitFlag = (typeof FIRST_VISIT_FLAGS)[number];

const CHANGE_EVENT = 'atendo:storage';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getItem(key: string): string | null {
  return read(key);
}

/** Writes (or removes when value is null) and tells subscribers in this tab. */
export function setItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the app keeps working without persistence
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

function subscribe(callback: () => void): () => void {
  window.addEventListener('storage', callback);
  window.addEventListener(CHANGE_EVENT, callback);
  return () => {
    window.removeEventListener('storage', callback);
    window.removeEventListener(CHANGE_EVENT, callback);
  };
}

/** Reactive read of one storage key (changes in this tab and in others). */
export function useStorageItem(key: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
}

export const getToken = () => read(STORAGE_KEYS.token);
export const setToken = (token: string | null) => setItem(STORAGE_KEYS.token, token);

const DAY_MS = 86_400_000;

interface RememberedEmail {
  email: string;
  expiresAt: number;
}

/** The e-mail kept by "remember me", or null when none or older than REMEMBER_EMAIL_DAYS. */
export function getRememberedEmail(now = Date.now()): string | null {
  const raw = read(STORAGE_KEYS.rememberedEmail);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as RememberedEmail;
    if (typeof value.email !== 'string' || typeof value.expiresAt !== 'number' || value.expiresAt <= now) {
      setItem(STORAGE_KEYS.rememberedEmail, null);
      return null;
    }
    return value.email;
  } catch {
    setItem(STORAGE_KEYS.rememberedEmail, null);
    return null;
  }
}

export function rememberEmail(email: string | null, now = Date.now()): void {
  if (!email) {
    setItem(STORAGE_KEYS.rememberedEmail, null);
    return;
  }
  const value: RememberedEmail = { email, expiresAt: now + REMEMBER_EMAIL_DAYS * DAY_MS };
  setItem(STORAGE_KEYS.rememberedEmail, JSON.stringify(value));
}

export function getVolume(): number {
  const raw = Number(read(STORAGE_KEYS.volume));
  if (read(STORAGE_KEYS.volume) === null || Number.isNaN(raw)) return 1;
  return Math.min(1, Math.max(0, raw));
}
