import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (container === null) throw new Error('The page has no #root element to render the shop into.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
