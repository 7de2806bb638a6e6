import { create } from 'zustand';
import type { SiteSettings } from '@cr/contract/site.contract';

interface SiteSettingsState {
  /** Public switches read from GET /api/site/settings at start-up; null until then. */
  settings: SiteSettings | null;
  setSettings(settings: SiteSettings): void;
}

export const useSiteSettingsStore = create<SiteSettingsState>((set) => ({
  settings: null,
  setSettings: (settings) => set({ settings }),
}));

/** True while suggestions are suspended until a new council is elected (an admin switches it on the server). */
export function useSuggestionsSuspended(): boolean {
  return useSiteSettingsStore((s) => s.settings?.suggestionsSuspended ?? false);
}
