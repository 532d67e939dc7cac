import { Box, Text } from 'ink';

interface Props {
  leads: number;
  withEmail: number;
  drafts: number;
  errors: number;
}

/** `label` is [singular, plural]. */
const Count = ({ label, value, color }: { label: [string, string]; value: number; color?: string }) => (
  <Text>
    <Text bold color={color}>
      {value}
    </Text>
    <Text dimColor> {value === 1 ? label[0] : label[1]}</Text>
  </Text>
);

/** The campaign's running totals on one line. */
export function Counts({ leads, withEmail, drafts, errors }: Props) {
  return (
    <Box gap={3} marginTop={1}>
      <Count label={['lead', 'leads']} value={leads} />
      <Count label={['with email', 'with email']} value={withEmail} />
      <Count label={['draft', 'drafts']} value={drafts} />
      <Count label={['error', 'errors']} value={errors} color={errors ? 'red' : undefined} />
    </Box>
  );
}
