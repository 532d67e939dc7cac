import { Text } from 'ink';

interface Props {
  done: number;
  total: number;
  width?: number;
  color?: string;
}

/** A fixed-width bar: filled share of `done / total` (empty when the total is not known yet). */
export function ProgressBar({ done, total, width = 30, color = 'green' }: Props) {
  const ratio = total > 0 ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * width);
  return (
    <Text>
      <Text color={color}>{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
    </Text>
  );
}
