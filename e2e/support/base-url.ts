/** The app's address for this run: the config starts the server there, and worker fixtures open it. */
export const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
/** The run's SMTP server (support/smtp-server.mjs) and its HTTP control port, beside the app's. */
export const smtpPort = port + 1;
export const smtpControlURL = `http://127.0.0.1:${port + 2}`;
