import './styles.css';

const root = document.getElementById('root')!;
const boot = () => import('./app/start-app').then(({ startApp }) => startApp(root));

// A prerendered page is already in #root (web/build/first-paint.ts): the app's code (React, the
// router; ~110 KB gz) is requested once it has painted, so on a slow link the first paint never
// waits for it. Anything else has nothing to show before the app, and a hidden tab paints
// nothing (and would never run the frame callback): those boot at once.
if (document.visibilityState === 'hidden' || !root.hasAttribute('data-prerendered')) void boot();
else requestAnimationFrame(() => setTimeout(() => void boot(), 0));
