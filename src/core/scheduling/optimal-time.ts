// When to send: learned from this account's own opens and replies (per industry) when
// there are enough of them, otherwise general business patterns — the spec's fallback:
// Tuesday 10:00 America/New_York, confidence 0.6.
import defaults from '../../../config/default.json' with { type: 'json' };

const fallback = defaults.optimal_send_time_fallback;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Fewer engagements than this say more about chance than about the audience. */
export const MIN_ENGAGEMENTS = 20;

export interface OptimalSendTime {
  day: string;
  time: string;
  timezone: string;
  confidence: number;
  next_send_time: string;
  reasoning: string;
  based_on_engagements: number;
}

// A formatter per zone, made once: building one costs far more than using it, and window
// searches ask hundreds of times per email.
const formats = new Map<string, Intl.DateTimeFormat>();
function slotFormat(timezone: string): Intl.DateTimeFormat {
  let format = formats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'long', hour: 'numeric', hourCycle: 'h23' });
    formats.set(timezone, format);
  }
  return format;
}

/** Weekday name and hour of an instant, in a time zone. */
export function localSlot(at: Date, timezone: string): { day: string; hour: number } {
  const parts = slotFormat(timezone).formatToParts(at);
  const day = parts.find((p) => p.type === 'weekday')!.value;
  const hour = Number(parts.find((p) => p.type === 'hour')!.value);
  return { day, hour };
}

/** The next start of `hour` on `day` in `timezone` after `now` (DST-safe: it walks the clock). */
export function nextOccurrence(day: string | undefined, hour: number, timezone: string, now: Date): Date {
  // Quarter-hour steps: every local hour starts on one, also in zones offset by :30 or :45.
  const step = 15 * 60_000;
  const start = Math.floor(now.getTime() / step) * step;
  for (let i = 1; i <= 8 * 24 * 4; i++) {
    const candidate = new Date(start + i * step);
    const slot = localSlot(candidate, timezone);
    if (slot.hour === hour && (day === undefined || slot.day === day)) return candidate;
  }
  return new Date(now.getTime() + 24 * 3600_000);
}

const hh = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The best weekly slot for engagements at these instants. */
export function optimalSendTime(engagements: Date[], now: Date, timezone = fallback.timezone): OptimalSendTime {
  if (engagements.length < MIN_ENGAGEMENTS) {
    const hour = Number(fallback.time.slice(0, 2));
    return {
      day: fallback.day,
      time: fallback.time,
      timezone: fallback.timezone,
      confidence: fallback.confidence,
      next_send_time: nextOccurrence(fallback.day, hour, fallback.timezone, now).toISOString(),
      reasoning: fallback.reasoning,
      based_on_engagements: engagements.length,
    };
  }
  const counts = new Map<string, number>();
  for (const at of engagements) {
    const { day, hour } = localSlot(at, timezone);
    const key = `${WEEKDAYS.indexOf(day)}:${hour}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Most engagements wins; ties go to the earlier slot in the week, for a stable answer.
  const [best, count] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const [dayIndex, hour] = best.split(':').map(Number);
  const day = WEEKDAYS[dayIndex];
  const share = count / engagements.length;
  return {
    day,
    time: hh(hour),
    timezone,
    confidence: Math.round(Math.min(0.95, 0.5 + share / 2 + Math.min(engagements.length, 200) / 1000) * 100) / 100,
    next_send_time: nextOccurrence(day, hour, timezone, now).toISOString(),
    reasoning: `${count} of your ${engagements.length} opens and replies in this industry came on ${day}s around ${hh(hour)} (${timezone})`,
    based_on_engagements: engagements.length,
  };
}

/** The best hour tomorrow (any weekday pattern), for "smart schedule for tomorrow". */
export function tomorrowBest(engagements: Date[], now: Date, timezone = fallback.timezone): { best_time: string; hour: number; timezone: string; confidence: number; reasoning: string } {
  const tomorrow = localSlot(new Date(now.getTime() + 24 * 3600_000), timezone).day;
  let hour = Number(fallback.time.slice(0, 2));
  let confidence = fallback.confidence;
  let reasoning = fallback.reasoning;
  if (engagements.length >= MIN_ENGAGEMENTS) {
    const byHour = new Map<number, number>();
    for (const at of engagements) byHour.set(localSlot(at, timezone).hour, (byHour.get(localSlot(at, timezone).hour) ?? 0) + 1);
    const [bestHour, count] = [...byHour.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
    hour = bestHour;
    confidence = Math.round(Math.min(0.95, 0.5 + count / engagements.length / 2) * 100) / 100;
    reasoning = `${count} of your ${engagements.length} opens and replies in this industry came around ${hh(bestHour)} (${timezone})`;
  }
  return { best_time: nextOccurrence(tomorrow, hour, timezone, now).toISOString(), hour, timezone, confidence, reasoning };
}
