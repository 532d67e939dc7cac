// Dates and rates as the Campaign History screen shows them.
import { successRateTone } from '../campaigns/phase.ts';

export { formatDateTime as formatWhen, relativeTime as formatAgo } from '../../format.ts';

/** Email success rate colour: the one rule of the Campaigns screen (70 green, 50 yellow, else red). */
export const successRateColour = (rate: number) => {
  const tone = successRateTone(rate);
  return tone === 'warning' ? 'has-text-warning-dark' : `has-text-${tone}`;
};

export function formatRate(rate: number): string {
  return `${rate.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
