/** The app's address for this run: the config starts the server there, and worker fixtures open it. */
export const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
