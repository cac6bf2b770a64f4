import './entry-styles.css';
import './print.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { statementLinkPath } from '../domain/statement-link-path';
import { App } from './App';
import { queryClient } from './api/query-client';
import { ToastHost } from './components/ToastHost';

const theme = createTheme({
  // A person who asked their phone or computer for less motion gets dialogs, menus and
  // drawers that appear at once (Mantine's transitions are off for them).
  respectReducedMotion: true,
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
    // Mantine's green-6 and red-6 (#40c057, 2.4:1; #fa5252, 3.3:1) are what c="green"/"red",
    // filled buttons and error text use: from shade 6 on, these darker shades carry white
    // text and sit on white at 5.3:1 (green) and 5.5:1 (red) or more; 0-5 are Mantine's.
    green: [
      '#ebfbee',
      '#d3f9d8',
      '#b2f2bb',
      '#8ce99a',
      '#69db7c',
      '#51cf66',
      '#2b7a3b',
      '#237032',
      '#1e6a2d',
      '#1b5e28',
    ],
    red: [
      '#fff5f5',
      '#ffe3e3',
      '#ffc9c9',
      '#ffa8a8',
      '#ff8787',
      '#ff6b6b',
      '#c92a2a',
      '#b02525',
      '#a61e1e',
      '#8f1b1b',
    ],
  },
  primaryColor: 'orange',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  // Plain objects, not Component.extend: extend would pull Table and the dates package into the entry chunk.
  components: {
    // A table wider than a phone scrolls sideways: keyboard users reach the scroll with Tab.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // The calendar's arrows get names, and it shows only the month's own days: Mantine
    // greys the neighbouring months' days to 2.1:1 and still lets them be picked.
    DatePickerInput: {
      defaultProps: { nextLabel: 'Next', previousLabel: 'Previous', hideOutsideDates: true },
    },
  },
});

// The offline service worker, once the page has loaded: its downloads never hold up the
// first paint. Only a build has one (MODE, not PROD: the browser tests build under NODE_ENV=test),
// and a distributor opening a statement link has no use for the bakery's app on their phone.
const installable =
  import.meta.env.MODE === 'production' &&
  'serviceWorker' in navigator &&
  !window.location.pathname.startsWith(statementLinkPath(''));
if (installable) {
  window.addEventListener('load', () => {
    void import('./offline/service-worker').then((worker) => worker.registerServiceWorker());
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition the first render is done in short slices, not one long task that
// holds up the page while the module graph has only just been evaluated.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
