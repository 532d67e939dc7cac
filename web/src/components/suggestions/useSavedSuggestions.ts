// Saved suggestions live in this browser (localStorage) with a savedAt time, identified by
// query plus location, so saving the same one twice keeps one copy.
import { useCallback, useState } from 'react';
import type { CampaignSuggestion } from '../../api/suggestions.ts';

export type SavedSuggestion = CampaignSuggestion & { savedAt: string };

const STORAGE_KEY = 'outreach.savedSuggestions';
export const suggestionId = (s: Pick<CampaignSuggestion, 'query' | 'location'>) => `${s.query}|${s.location}`;

function load(): SavedSuggestion[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedSuggestion[]).filter((s) => s && typeof s.query === 'string') : [];
  } catch {
    return []; // a damaged entry must not break the page
  }
}

export function useSavedSuggestions() {
  const [saved, setSaved] = useState<SavedSuggestion[]>(load);
  const write = useCallback((next: SavedSuggestion[]) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    setSaved(next);
  }, []);
  return {
    saved,
    isSaved: (s: CampaignSuggestion) => saved.some((x) => suggestionId(x) === suggestionId(s)),
    save: (s: CampaignSuggestion) => write([{ ...s, savedAt: new Date().toISOString() }, ...saved.filter((x) => suggestionId(x) !== suggestionId(s))]),
    remove: (s: CampaignSuggestion) => write(saved.filter((x) => suggestionId(x) !== suggestionId(s))),
    clear: () => write([]),
  };
}
