import { Box, Group } from '@mantine/core';
import { BrandMark } from './BrandMark';
import { PageHeader } from './PageHeader';

const HEADER = 60;
const NAVBAR = 264;
const BURGER = 28;
const BORDER = '1px solid var(--mantine-color-gray-3)';

/**
 * The frame of the signed-in layout (AppLayout's sizes) and the page's title, drawn from
 * the entry chunk while the shell's chunk downloads, so a signed-in visit shows where it
 * is at once instead of a spinner. It holds no controls, and it is hidden from assistive
 * technology, which hears the page once it is there rather than a title twice.
 */
export function ShellPlaceholder({ title, subtitle }: { title?: string; subtitle?: string }) {
  return (
    <div aria-hidden>
      <Box
        pos="fixed"
        top={0}
        right={0}
        left={{ base: 0, sm: NAVBAR }}
        h={HEADER}
        px="md"
        bg="white"
        display="flex"
        style={{ alignItems: 'center', borderBottom: BORDER }}
      >
        <Group gap="sm" wrap="nowrap" hiddenFrom="sm">
          {/* Where the menu button will be, so the name does not jump when it appears. */}
          <Box w={BURGER} />
          <BrandMark compact />
        </Group>
      </Box>
      <Box
        visibleFrom="sm"
        pos="fixed"
        top={0}
        bottom={0}
        left={0}
        w={NAVBAR}
        p="md"
        bg="white"
        style={{ borderRight: BORDER }}
      >
        <BrandMark />
      </Box>
      <Box
        mih="100dvh"
        bg="var(--mantine-color-gray-0)"
        p={{ base: 'md', sm: 'xl' }}
        pt={{ base: HEADER + 16, sm: HEADER + 32 }}
        pl={{ base: 'md', sm: NAVBAR + 32 }}
      >
        {title && subtitle && <PageHeader title={title} subtitle={subtitle} />}
      </Box>
    </div>
  );
}
