import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/fonts.ts';
import { App } from './app/app.tsx';
import { initMonitoring } from './lib/monitoring.ts';

void initMonitoring();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
