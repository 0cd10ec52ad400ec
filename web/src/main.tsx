import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';

// Not a top-level await: with one, the bundler turns off its chunk optimizations (merging the
// modules the entry already loads into it), and /login fetched some sixty small chunks instead.
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
});
