import { Box, Text } from 'ink';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

const STYLE: Record<NoticeTone, { color: string; icon: string }> = {
  info: { color: 'cyan', icon: '…' },
  success: { color: 'green', icon: '✔' },
  warning: { color: 'yellow', icon: '⏸' },
  error: { color: 'red', icon: '✗' },
};

/** A closing or in-between message under the view (done, paused, failed, pausing…). */
export function Notice({ text, tone }: { text: string; tone: NoticeTone }) {
  const style = STYLE[tone];
  return (
    <Box marginTop={1}>
      <Text color={style.color} bold>
        {style.icon} {text}
      </Text>
    </Box>
  );
}
