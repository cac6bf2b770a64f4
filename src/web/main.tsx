import './entry-styles.css';
import './print.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { queryClient } from './api/query-client';
import { ToastHost } from './components/ToastHost';

const theme = createTheme({
  // Mantine's oranges are too light for white text (2.6:1 on orange-6) and its light
  // buttons' text too pale on orange-1 (3.6:1); these shades pass WCAG AA (4.5:1).
  colors: {
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#fd7e14',
      '#c2410c',
      '#b23c0c',
      '#a3380e',
      '#9a3412',
    ],
  },
  primaryColor: 'orange',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});

/**
 * Text that Mantine draws below WCAG AA's 4.5:1: dimmed text (3.3:1 on white) and the
 * light variant of yellow, green and teal (badges such as Pending or Completed: 2.7, 3.8
 * and 4.3:1 on their tint). These shades pass on white, gray-0 and their tints.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#626970',
    '--mantine-color-yellow-light-color': '#805300',
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-teal-light-color': '#066b4d',
  },
  dark: {},
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition the first render is done in short slices, not one long task that
// holds up the page while the module graph has only just been evaluated.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
