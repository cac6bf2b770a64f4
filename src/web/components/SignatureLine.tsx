import { Box, Text } from '@mantine/core';

/** A line to sign on paper, with who signs under it. */
export function SignatureLine({ label }: { label: string }) {
  return (
    <Box style={{ flex: 1 }}>
      <Box style={{ borderBottom: '1px solid black', height: 40 }} />
      <Text fz="sm">{label}</Text>
    </Box>
  );
}
