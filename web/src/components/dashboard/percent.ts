// Rates arrive as percents with one decimal: '12.5%', '0%'.
export function formatPercent(value: number): string {
  return `${(Number.isFinite(value) ? value : 0).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
