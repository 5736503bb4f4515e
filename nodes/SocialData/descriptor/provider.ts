/** The gateway's one run endpoint: every data endpoint is called through it, its upstream path in the envelope. */
export const GATEWAY_RUN_PATH = '/api/v1/run';
