import { Box, Text } from 'ink';

const DOING: Record<string, string> = { search: 'Searching', analyze: 'Analysing', audit: 'Auditing', draft: 'Writing to' };

/** The website the pipeline works on now. */
export function CurrentSite({ url, phase }: { url: string | null; phase: string | null }) {
  return (
    <Box marginTop={1}>
      <Box flexShrink={0}>
        <Text dimColor>{(phase && DOING[phase]) ?? 'Current'}: </Text>
      </Box>
      {url ? (
        <Text color="cyan" wrap="truncate-middle">
          {url}
        </Text>
      ) : (
        <Text dimColor>—</Text>
      )}
    </Box>
  );
}
