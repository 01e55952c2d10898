import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initLanguage } from './shared/i18n';

const root = createRoot(document.getElementById('root') as HTMLElement);

void initLanguage().finally(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
