/**
 * The token links a subscriber gets, from the page's own URL. The manage
 * token stands for the subscription (manage, unsubscribe); the confirm
 * token only confirms, so a forwarded notification cannot confirm anyone.
 */
export function subscriptionLinks(pageUrl: string, tokens: { confirm_token: string; manage_token: string }) {
  return {
    confirm: `${pageUrl}/subscriptions/confirm/${tokens.confirm_token}`,
    manage: `${pageUrl}/subscriptions/${tokens.manage_token}`,
    /** RFC 8058 one-click target: a POST here unsubscribes. */
    unsubscribe: `${pageUrl}/api/subscriptions/${tokens.manage_token}/unsubscribe`,
  };
}
