import { setupServer } from "msw/node";

/**
 * The API as the DOM tests see it: MSW answers fetch itself, so the web's real client
 * (lib/api-client.ts) runs. No default handlers: each test says what the server answers
 * (test/handlers.ts), and any other request fails the test (onUnhandledRequest: "error").
 */
export const server = setupServer();
