/** The demo member whose login `npm start` prints (its own module: tests import it alone). */
export const DEMO_LOGIN = { email: 'demo@amora.example', password: 'amora-demo-2026' };
