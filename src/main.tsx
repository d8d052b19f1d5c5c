// Browser entry: styles (with the bundled Nastaliq font), start-up wiring, then render.
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/app.tsx';
import { skipScrollInputListeners } from './app/scroll-input.ts';
import { startApp } from './app/start.ts';

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('#root missing from index.html');

skipScrollInputListeners(rootEl);
void startApp().then((router) => {
  createRoot(rootEl).render(<App router={router} />);
});
