// A deal's default value from the campaign suggestion's estimated_project_value, read only
// when the text is plainly an amount or a range of amounts: the low end of a range (what the
// estimate promises at least); anything else ("varies", "depends on scope") gives no value
// rather than a made-up one.

const AMOUNT = String.raw`[$€£]?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*([kK])?`;
const ESTIMATE = new RegExp(String.raw`^\s*(?:USD|EUR|GBP)?\s*${AMOUNT}\s*(?:(?:-|–|—|to)\s*${AMOUNT})?\s*(?:USD|EUR|GBP)?\s*$`);

const amount = (digits: string, decimals: string | undefined, thousands: string | undefined) =>
  Number(`${digits.replaceAll(',', '')}${decimals ? `.${decimals}` : ''}`) * (thousands ? 1000 : 1);

/** The low end of "$1,500-$5,000", "$2k-$5k", "3000"; null when the text is not such an amount. */
export function valueFromEstimate(estimate: string | null | undefined): number | null {
  const m = estimate ? ESTIMATE.exec(estimate) : null;
  if (!m) return null;
  // "$2-5k": the high end's k applies to the low end too, unless that would put it above the high end ("$500-5k").
  const high = m[4] ? amount(m[4], m[5], undefined) : undefined;
  const low = amount(m[1], m[2], m[3] ?? (high !== undefined && amount(m[1], m[2], undefined) < high ? m[6] : undefined));
  return Number.isFinite(low) && low > 0 ? low : null;
}
