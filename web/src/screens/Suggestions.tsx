// AI Campaign Suggestions (/suggestions): the search budget, a count selector, suggestions
// generated only on demand (planned from this account's history and the search catalogue,
// without spending searches), insights, saved suggestions and the start modal.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import defaults from '../../../config/default.json';
import { errorText } from '../api/client.ts';
import { CAMPAIGNS_KEY } from '../api/campaigns.ts';
import { createFromSuggestion, fetchSuggestions, INSIGHTS_KEY, usePlannerInsights, useSearchBudget, type CampaignSuggestion } from '../api/suggestions.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useToast } from '../components/Toasts.tsx';
import { BudgetPanel } from '../components/suggestions/BudgetPanel.tsx';
import { GeneratingProgress } from '../components/suggestions/GeneratingProgress.tsx';
import { InsightsBlock } from '../components/suggestions/InsightsBlock.tsx';
import { SavedSuggestions } from '../components/suggestions/SavedSuggestions.tsx';
import { StartSuggestionModal } from '../components/suggestions/StartSuggestionModal.tsx';
import { SuggestionCard } from '../components/suggestions/SuggestionCard.tsx';
import { useCopy } from '../components/suggestions/useCopy.ts';
import { suggestionId, useSavedSuggestions } from '../components/suggestions/useSavedSuggestions.ts';
import '../components/suggestions/suggestions.css';

const COUNTS = defaults.campaigns.suggestion_counts;

export function Suggestions() {
  const toast = useToast();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const budget = useSearchBudget();
  const insights = usePlannerInsights();
  const saved = useSavedSuggestions();
  const { copied, copy } = useCopy();
  const [count, setCount] = useState(defaults.campaigns.suggestion_count_default);
  const [generating, setGenerating] = useState(false);
  const [suggestions, setSuggestions] = useState<CampaignSuggestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState<CampaignSuggestion | null>(null);

  async function generate() {
    setGenerating(true);
    setError(null);
    try {
      setSuggestions((await fetchSuggestions(count)).suggestions);
      void budget.mutate();
    } catch (e) {
      setError(errorText(e, 'Failed to generate suggestions'));
    } finally {
      setGenerating(false);
    }
  }

  async function start(input: { mode: 'test' | 'live'; max_emails: number; max_results: number }) {
    if (!starting) return false;
    try {
      await createFromSuggestion({ ...starting, ...input });
    } catch (e) {
      toast.error(errorText(e, 'Failed to create campaign'));
      return false;
    }
    toast.success(`Campaign created in ${input.mode} mode!`);
    void mutate(CAMPAIGNS_KEY);
    void mutate(INSIGHTS_KEY);
    navigate('/campaigns');
    return true;
  }

  const save = (s: CampaignSuggestion) => {
    saved.save(s);
    toast.success('Saved for later!');
  };

  return (
    <>
      <PageHeader title="AI Campaign Suggestions" subtitle="Campaign ideas planned from your own results and the markets your search provider covers." />
      <div className="columns">
        <div className="column is-8">
          <BudgetPanel usage={budget.data} failed={Boolean(budget.error)} />
          <div className="box">
            <div className="field is-grouped is-align-items-flex-end">
              <div className="control">
                <label className="label" htmlFor="suggestion-count">
                  Number of suggestions
                </label>
                <div className="select">
                  <select id="suggestion-count" value={count} onChange={(e) => setCount(Number(e.target.value))} disabled={generating}>
                    {COUNTS.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <div className="control">
                <button type="button" className="button is-primary" onClick={() => void generate()} disabled={generating}>
                  {suggestions ? 'Generate Again' : 'Generate Suggestions'}
                </button>
              </div>
            </div>
            <p className="is-size-7 has-text-grey">
              Estimated cost when you run one: about $25-50 for 50 leads. Daily email quota: {defaults.quotas.emails_per_day} per day. Generating suggestions uses no search quota.
            </p>
          </div>
          {error ? (
            <div className="notification is-danger is-light" role="alert">
              {error}
            </div>
          ) : null}
          {generating ? <GeneratingProgress /> : null}
          {!generating && suggestions && suggestions.length === 0 ? (
            <div className="box has-text-centered py-5">
              <p className="title is-5">No suggestions yet</p>
              <p className="has-text-grey mb-3">There is not enough history or catalogue data to suggest a campaign you have not run already.</p>
              <Link to="/campaigns" className="button is-primary is-light">
                Create a campaign yourself
              </Link>
            </div>
          ) : null}
          {!generating && suggestions
            ? suggestions.map((s) => (
                <SuggestionCard
                  key={suggestionId(s)}
                  suggestion={s}
                  saved={saved.isSaved(s)}
                  copied={copied === suggestionId(s)}
                  onStart={() => setStarting(s)}
                  onSave={() => save(s)}
                  onCopy={() => void copy(s.query, 'Search query', suggestionId(s))}
                />
              ))
            : null}
        </div>
        <div className="column is-4">
          <InsightsBlock data={insights.data} failed={Boolean(insights.error)} />
          <SavedSuggestions
            saved={saved.saved}
            copied={copied}
            onStart={setStarting}
            onCopy={(s) => void copy(s.query, 'Search query', `saved:${suggestionId(s)}`)}
            onRemove={(s) => {
              saved.remove(s);
              toast.success('Removed from saved suggestions');
            }}
            onClear={() => {
              saved.clear();
              toast.success('Cleared all saved suggestions');
            }}
          />
          <div className="notification is-info is-light is-size-7">
            <strong>How suggestions are made.</strong> Each idea is an industry and city scored from your own campaigns (opportunity scores, share of sites with a contact email, website issues found, reply rates) and from the
            listings the search catalogue holds. Figures marked as estimates use conservative defaults until you have sent enough emails; each card lists its sources.
          </div>
        </div>
      </div>
      {starting ? <StartSuggestionModal suggestion={starting} onClose={() => setStarting(null)} onStart={start} /> : null}
    </>
  );
}
