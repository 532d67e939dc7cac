import { Box, Text } from 'ink';
import type { ActivityItem } from '../../core/activity/feed.ts';
import { EventLine } from './EventLine.tsx';

/** The latest events, oldest at the top. */
export function EventList({ items }: { items: ActivityItem[] }) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Latest activity</Text>
      {items.length === 0 ? <Text dimColor>Waiting for the first event…</Text> : items.map((item) => <EventLine key={item.id} item={item} />)}
    </Box>
  );
}
