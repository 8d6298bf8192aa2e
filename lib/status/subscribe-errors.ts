/** Why the subscribe endpoint sent a browser back to the form (the codes of `subscribeErrorCode`). */
export const SUBSCRIBE_ERRORS = {
  email: "enter an email address such as name@example.com.",
  endpoint: "enter a webhook URL that starts with https:// or http://.",
  choice: "enter an email address or a webhook URL, one of the two.",
  components: "one of the chosen components no longer exists; choose again.",
  rate_limited: "too many requests from here or for this address. Wait a minute and try again.",
  invalid: "the form could not be read; try again.",
} as const;

export type SubscribeError = keyof typeof SUBSCRIBE_ERRORS;

export function subscribeError(code: string | string[] | undefined): SubscribeError | undefined {
  return typeof code === "string" && code in SUBSCRIBE_ERRORS ? (code as SubscribeError) : undefined;
}
