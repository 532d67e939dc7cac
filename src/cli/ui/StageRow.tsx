import { Box, Text } from 'ink';
import { ProgressBar } from './ProgressBar.tsx';

interface Props {
  label: string;
  done: number;
  total: number;
  /** Replaces the "done/total" figure (e.g. "searching…"). */
  caption?: string;
  active?: boolean;
}

/** One pipeline stage: its name, a bar and how far it is. */
export function StageRow({ label, done, total, caption, active }: Props) {
  const complete = total > 0 && done >= total;
  return (
    <Box>
      <Box width={9} flexShrink={0}>
        <Text bold={active} color={active ? 'cyan' : undefined}>
          {label}
        </Text>
      </Box>
      <ProgressBar done={done} total={total} color={complete ? 'green' : 'cyan'} />
      <Text> {caption ?? `${done}/${total}`}</Text>
    </Box>
  );
}
