import { Box, Text } from 'ink';
import type { ActivityItem } from '../../core/activity/feed.ts';
import { clock, eventIcon, STATUS_COLOR } from './format.ts';

/** One activity event: time, an icon coloured by its status, the message on one line. */
export function EventLine({ item }: { item: ActivityItem }) {
  return (
    <Box>
      <Box flexShrink={0} width={11}>
        <Text dimColor>{clock(item.timestamp)} </Text>
        <Text color={STATUS_COLOR[item.status]}>{eventIcon(item)}</Text>
      </Box>
      <Text wrap="truncate-end" color={item.status === 'error' ? 'red' : undefined}>
        {item.message}
      </Text>
    </Box>
  );
}
