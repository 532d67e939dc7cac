import { Box, Text } from 'ink';
import type { Campaign } from '../../core/model/campaign.ts';

const STATUS_COLOR: Record<Campaign['status'], string> = { DRAFT: 'gray', RUNNING: 'cyan', PAUSED: 'yellow', COMPLETED: 'green', FAILED: 'red' };

/** Campaign name, what it searches for, its mode and status. */
export function Header({ campaign }: { campaign: Campaign }) {
  const where = campaign.location ? ` in ${campaign.location}` : '';
  return (
    <Box flexDirection="column" marginBottom={1}>
      <Box gap={1}>
        <Text bold>{campaign.name}</Text>
        <Text dimColor>#{campaign.id}</Text>
        <Text color={campaign.mode === 'live' ? 'magenta' : 'blue'}>[{campaign.mode.toUpperCase()} MODE]</Text>
        <Text color={STATUS_COLOR[campaign.status]}>{campaign.status}</Text>
      </Box>
      <Text dimColor wrap="truncate-end">
        Searching “{campaign.search_query}”{where}
        {campaign.industry ? ` · ${campaign.industry}` : ''}
        {campaign.max_results ? ` · up to ${campaign.max_results} results` : ''}
        {campaign.max_emails ? ` · up to ${campaign.max_emails} emails` : ''}
      </Text>
    </Box>
  );
}
