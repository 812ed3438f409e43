/**
 * The path under which the reference serves its provider states (back-office actions outside the contract,
 * reference/provider-states.ts). Shared with the suite, which points PROVIDER_STATES_URL at it for a
 * reference it starts itself: the reference imports nothing of the suite.
 */
export const PROVIDER_STATES_PATH = '/__provider-states';
